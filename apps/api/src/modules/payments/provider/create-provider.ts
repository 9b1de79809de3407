import { createHmac } from 'node:crypto';
import type { Config } from '../../../config/env.ts';
import type { Db } from '../../../db/database.ts';
import { type CircuitBreakerOptions, withCircuitBreaker } from './circuit-breaker.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createDbSandboxStore } from './sandbox-store.ts';
import { createStripeProvider } from './stripe-provider.ts';

/**
 * The sandbox's webhook signing secret: STRIPE_WEBHOOK_SECRET when set, otherwise derived from
 * the server's own secret, so only someone holding it can post events to the sandbox.
 */
export function sandboxWebhookSecret(config: Config): string {
  if (config.stripe.webhookSecret) return config.stripe.webhookSecret;
  return `whsec_sbx_${createHmac('sha256', config.linkSecret).update('sandbox-webhook').digest('base64url')}`;
}

/** Stripe when configured with keys, otherwise the sandbox with its state in the store's database. */
export function createPaymentProvider(deps: {
  config: Config;
  db: Db;
  clock: () => Date;
  /** Told when the Stripe adapter's circuit breaker opens or closes (logged by the app). */
  onBreakerChange?: CircuitBreakerOptions['onChange'];
}): PaymentProvider {
  const { config, db, clock } = deps;
  if (config.paymentsProvider === 'stripe') {
    const { secretKey, webhookSecret, apiBase } = config.stripe;
    // loadConfig already refuses this; a hand-built Config must not slip past it either.
    if (!secretKey || !webhookSecret)
      throw new Error('Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    // Repeated failures open the breaker: checkouts answer 503 at once instead of waiting on Stripe.
    return withCircuitBreaker(
      createStripeProvider({ secretKey, webhookSecret, apiBase, clock, timeoutMs: config.providerTimeoutMs }),
      { clock, onChange: deps.onBreakerChange },
    );
  }
  return createSandboxProvider({
    store: createDbSandboxStore(db),
    clock,
    seed: 'store',
    webhookSecret: sandboxWebhookSecret(config),
  });
}
