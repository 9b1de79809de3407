import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../../config/env.ts';
import { openTestDatabase } from '../../../test/helpers.ts';
import { createPaymentProvider } from './create-provider.ts';

const base = { JWT_SECRET: 'a-jwt-secret-that-is-long-enough-for-tests-0123' };
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

describe('payments configuration', () => {
  it('uses the sandbox without Stripe keys and Stripe with them', () => {
    expect(loadConfig({ ...base }).paymentsProvider).toBe('sandbox');
    const config = loadConfig({ ...base, ...stripeKeys, STRIPE_API_BASE: 'http://127.0.0.1:4010' });
    expect(config.paymentsProvider).toBe('stripe');
    expect(config.stripe).toMatchObject({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      apiBase: 'http://127.0.0.1:4010',
    });
  });

  it('C8 fails closed: a secret key without a webhook secret stops start-up', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/,
    );
  });

  it('points the Stripe adapter at loopback only', () => {
    expect(() =>
      loadConfig({ ...base, ...stripeKeys, STRIPE_API_BASE: 'http://stripe.example.com:4010' }),
    ).toThrow(/STRIPE_API_BASE: only a loopback address/);
    expect(
      loadConfig({ ...base, ...stripeKeys, STRIPE_API_BASE: 'http://localhost:4010' }).stripe.apiBase,
    ).toBe('http://localhost:4010');
  });

  it('F7 keeps live keys out of development and test payments out of production', () => {
    expect(() =>
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    ).toThrow(/a live key is refused outside NODE_ENV=production/);
    const production = { ...base, NODE_ENV: 'production' };
    expect(() => loadConfig(production)).toThrow(/STRIPE_SECRET_KEY: required in production/);
    expect(() => loadConfig({ ...production, ...stripeKeys })).toThrow(/a test key is refused in production/);
    expect(() =>
      loadConfig({
        ...production,
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_BASE: 'http://127.0.0.1:1',
      }),
    ).toThrow(/STRIPE_API_BASE: for tests only; refused in production/);
    expect(
      loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })
        .paymentsProvider,
    ).toBe('stripe');
  });

  it('lists every bad payments key at once', () => {
    let message = '';
    try {
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_API_BASE: 'http://10.0.0.1' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('STRIPE_SECRET_KEY: must be a Stripe secret key');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET: required');
    expect(message).toContain('STRIPE_API_BASE: only a loopback address');
  });

  it('builds the provider the config names, and refuses Stripe without its webhook secret', async () => {
    const database = await openTestDatabase();
    try {
      const clock = () => new Date();
      expect(createPaymentProvider({ config: testConfig(), db: database.db, clock }).name).toBe('sandbox');
      const stripe = testConfig({
        paymentsProvider: 'stripe',
        stripe: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc', apiBase: 'http://127.0.0.1:9' },
      });
      expect(createPaymentProvider({ config: stripe, db: database.db, clock }).name).toBe('stripe');
      const unsafe = testConfig({ paymentsProvider: 'stripe', stripe: { secretKey: 'sk_test_abc' } });
      expect(() => createPaymentProvider({ config: unsafe, db: database.db, clock })).toThrow(
        /STRIPE_WEBHOOK_SECRET/,
      );
    } finally {
      await database.close();
    }
  });
});
