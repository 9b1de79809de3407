import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type StripeStandIn, startStripeStandIn } from '../payments/provider/stripe-stand-in.ts';
import {
  createIntent,
  newMember,
  relaxedLimiter,
  subscribe,
  subscriptionsOf,
  succeededAttemptsOf,
} from './checkout.test-support.ts';

/*
 * The same checkout with Stripe configured: stripe-node talks to the loopback stand-in, and the
 * stand-in's signed webhooks come back to our endpoint (docs/payments.md#sandbox), never the internet.
 */

let standIn: StripeStandIn;
let server: TestServer;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  server = await startTestServer(
    {
      paymentsProvider: 'stripe',
      stripe: {
        secretKey: standIn.apiKey,
        webhookSecret: standIn.webhookSecret,
        publishableKey: 'pk_test_standin',
        apiBase: standIn.url,
      },
    },
    { limiter: relaxedLimiter() },
  );
  standIn.setWebhookUrl(`${server.baseUrl}/api/payments/webhook`);
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

describe('checkout with Stripe', () => {
  it('gives the web app the publishable key for Stripe Elements', async () => {
    const res = await server.request('GET', '/api/checkout/PaymentConfig');
    expect(res.body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_standin' });
  });

  it('charges through stripe-node, and the webhook and Subscribe record it once', async () => {
    const member = await newMember(server);
    const intent = await createIntent(server, member, member.orderId, { schedule: 1 });
    expect(intent.status).toBe(200);
    expect(intent.body.status).toBe('succeeded');
    // The stand-in's payment_intent.succeeded reaches our webhook: the order is paid without Subscribe.
    await standIn.flushWebhooks();
    await expect
      .poll(
        async () =>
          (
            await server.database.db.execute<{ status: string }>(
              sql`SELECT status FROM orders WHERE id = ${member.orderId}`,
            )
          ).rows[0]!.status,
      )
      .toBe('paid');
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);

    const done = await subscribe(server, member, member.orderId, intent.body.paymentIntentId, {
      schedule: 1,
    });
    expect(done.status).toBe(200);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
    expect(await succeededAttemptsOf(server, member.orderId)).toBe(1);
    const auth = await server.request('GET', '/api/Account/AuthInfo', { token: done.body.token });
    expect(auth.body.subscription).toMatchObject({ deliveryScheduleDuration: 45, statusName: 'Active' });
    const card = await server.request('GET', '/api/PaymentMethod/GetDefaultPaymentMethod', {
      token: member.token,
    });
    expect(card.body).toMatchObject({ last4Digits: '4242', stripeMethodId: expect.stringMatching(/^pm_/) });
  });

  it("answers a decline with Stripe's message and lets a good card pay", async () => {
    const member = await newMember(server);
    const declined = await createIntent(server, member, member.orderId, {
      paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
    });
    expect(declined.status).toBe(400);
    expect(declined.body).toEqual({
      error_description: 'Your card has insufficient funds.',
      code: 'payment_declined',
    });
    const paid = await createIntent(server, member, member.orderId);
    expect(paid.body.status).toBe('succeeded');
    expect((await subscribe(server, member, member.orderId, paid.body.paymentIntentId)).status).toBe(200);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
  });
});
