import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../http/auth.ts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { createCatalogService } from '../catalog/catalog.service.ts';
import { mailCount, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { createMailer } from '../mail/mailer.ts';
import { createPaymentProvider } from '../payments/provider/create-provider.ts';
import type { PaymentProvider } from '../payments/provider/payment-provider.ts';
import { createRanker } from './picks.ts';
import { type SweepDeps, sweep } from './sweep.ts';

const DAY = 24 * 60 * 60 * 1000;
let now = Date.parse('2027-03-10T15:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;
let deps: SweepDeps;
const providerCalls: string[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
  const db = server.database.db;
  const payments = createPaymentProvider({ config: server.config, db, clock });
  // Counts the renewal charges sent to the provider (no retries may follow an authentication request).
  const counting: PaymentProvider = new Proxy(payments, {
    get(target, prop, receiver) {
      if (prop === 'createPaymentIntent') {
        return (input: Parameters<PaymentProvider['createPaymentIntent']>[0]) => {
          providerCalls.push(input.idempotencyKey);
          return target.createPaymentIntent(input);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  deps = {
    db,
    payments: counting,
    mailer: createMailer({ db }),
    rank: createRanker({ db, catalog: createCatalogService({ db }) }),
    webUrl: 'http://store.test',
    autoShip: true,
  };
});
afterAll(async () => {
  await server?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await server.database.db.execute(query)).rows as T[];
}

interface CycleMember {
  email: string;
  identityId: string;
  subscriptionId: string;
}

/** A member whose first box was paid with pm_card_visa, then whose default card is `card`. */
async function memberWithCard(card: string): Promise<CycleMember> {
  const m = await newMember(server, 'confirm');
  await payOrder(server, m, m.orderId, 0);
  const [sub] = await rows<{ id: string; identity_id: string }>(
    sql`SELECT id, identity_id FROM subscriptions WHERE first_order_id = ${m.orderId}`,
  );
  const replaced = await server.request('POST', '/api/PaymentMethod/SetDefault', {
    token: m.token,
    body: { paymentMethodId: card },
  });
  expect(replaced.status).toBe(200);
  return { email: m.email, identityId: sub!.identity_id, subscriptionId: sub!.id };
}

const tokenOf = (m: CycleMember) => createAccessTokens(server.config.jwtSecret, clock).sign(m.identityId);

async function call(m: CycleMember, method: 'GET' | 'POST', path: string) {
  return server.request(method, path, { token: await tokenOf(m) });
}

async function runDays(days: number) {
  for (let d = 0; d < days; d++) {
    now += DAY;
    await sweep(deps, new Date(now));
  }
}

async function state(m: CycleMember) {
  const [sub] = await rows<{ status: string }>(
    sql`SELECT status FROM subscriptions WHERE id = ${m.subscriptionId}`,
  );
  const cycles = await rows<{ cycle_index: number; status: string }>(
    sql`SELECT cycle_index, status FROM billing_cycles WHERE subscription_id = ${m.subscriptionId} ORDER BY cycle_index`,
  );
  const charges = await rows<{ cycle_index: number }>(
    sql`SELECT cycle_index FROM renewal_charges WHERE subscription_id = ${m.subscriptionId} AND status = 'succeeded'`,
  );
  const [provider] = await rows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM sandbox_objects c WHERE c.kind = 'charge'
      AND c.data->>'payment_intent' IN (SELECT provider_payment_intent_id FROM renewal_charges WHERE subscription_id = ${m.subscriptionId})`);
  return {
    status: sub!.status,
    cycles: cycles.map((c) => [Number(c.cycle_index), c.status]),
    succeeded: charges.map((c) => Number(c.cycle_index)),
    providerCharges: Number(provider!.n),
  };
}

describe('D6: off-session authentication', () => {
  it('D6 a renewal with pm_card_authenticationRequired waits for the member (no dunning), who confirms it on-session from the mail link', async () => {
    const m = await memberWithCard('pm_card_authenticationRequired');
    const other = await memberWithCard('pm_card_visa');
    const before = providerCalls.length;
    await runDays(33);
    const mine = providerCalls.slice(before).filter((k) => k.includes(m.subscriptionId));
    // One off-session attempt, not retried 1 and 3 days later as a soft decline would be.
    expect(mine).toEqual([`renew:${m.subscriptionId}:1:1`]);
    expect(await state(m)).toMatchObject({
      status: 'past_due',
      cycles: [
        [0, 'billed'],
        [1, 'awaiting_customer'],
      ],
      succeeded: [],
      providerCharges: 0,
    });
    expect(await mailCount(server, m.email, 'payment-failed', 0)).toBe(0);
    expect(await mailCount(server, m.email, 'payment-confirmation', 0)).toBe(1);
    const [mail] = await rows<{ text: string }>(
      sql`SELECT text FROM emails WHERE to_address = ${m.email.toLowerCase()} AND kind = 'payment-confirmation'`,
    );
    expect(mail!.text).toContain('http://store.test/membership/confirm-payment');

    const shown = await call(m, 'GET', '/api/user/RenewalConfirmation');
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ provider: 'sandbox', amountCents: expect.any(Number) });
    expect(shown.body.amountCents).toBeGreaterThanOrEqual(50);
    expect(shown.body.clientSecret).toMatch(/^pi_/);
    // Another member has nothing waiting: 404, and cannot see or confirm this one.
    expect((await call(other, 'GET', '/api/user/RenewalConfirmation')).status).toBe(404);
    expect((await call(other, 'POST', '/api/user/ConfirmRenewalPayment')).status).toBe(404);
    // Without a session: 401.
    expect((await server.request('POST', '/api/user/ConfirmRenewalPayment')).status).toBe(401);

    const confirmed = await call(m, 'POST', '/api/user/ConfirmRenewalPayment');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: 'billed' });
    expect(await state(m)).toMatchObject({
      status: 'active',
      cycles: [
        [0, 'billed'],
        [1, 'billed'],
      ],
      succeeded: [1],
      providerCharges: 1,
    });
    expect(await mailCount(server, m.email, 'renewal-receipt', 0)).toBe(1);
    // A second click finds nothing waiting and charges nothing.
    expect((await call(m, 'POST', '/api/user/ConfirmRenewalPayment')).status).toBe(404);
    expect((await state(m)).providerCharges).toBe(1);
  }, 120_000);

  it('D6 without a confirmation or a new card the membership ends after 5 days, charging nothing', async () => {
    const m = await memberWithCard('pm_card_threeDSecure2Required');
    await runDays(37);
    expect(await state(m)).toMatchObject({ status: 'canceled', succeeded: [], providerCharges: 0 });
    expect((await call(m, 'POST', '/api/user/ConfirmRenewalPayment')).status).toBe(404);
  }, 120_000);

  it.each(['pm_card_authenticationRequiredOnSetup', 'pm_card_authenticationRequiredSetupForOffSession'])(
    'D6 a card set up with %s renews off-session',
    async (card) => {
      const m = await memberWithCard(card);
      await runDays(31);
      expect(await state(m)).toMatchObject({ status: 'active', succeeded: [1], providerCharges: 1 });
      expect(await mailCount(server, m.email, 'payment-confirmation', 0)).toBe(0);
    },
    120_000,
  );
});
