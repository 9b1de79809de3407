import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../http/auth.ts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN, seedAdmin } from '../accounts/accounts.seed.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { createPaymentProvider } from '../payments/provider/create-provider.ts';
import {
  chargesOf,
  createIntent,
  type Member,
  newMember,
  orderRow,
  relaxedLimiter,
  subscribe,
  subscriptionsOf,
} from './checkout.test-support.ts';

/*
 * docs/reliability.md#d2: a sign-up whose first payment fails starts nothing. A declined card leaves no
 * membership; a card that asks for 3D Secure stays incomplete until the bank approves it, and an
 * authentication left alone for 23 hours is canceled without a charge (Stripe's incomplete_expired).
 */

const HOUR = 60 * 60 * 1000;
let now = Date.parse('2027-04-12T10:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;
let sandbox: { completeAuthentication(id: string, outcome: 'approve' | 'fail'): Promise<unknown> };

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
  await seedAdmin(server.database.db, clock());
  sandbox = createPaymentProvider({
    config: server.config,
    db: server.database.db,
    clock,
  }) as unknown as typeof sandbox;
});
afterAll(async () => {
  await server?.close();
});

/** A fresh session at the current (possibly moved) clock: access tokens last 15 minutes. */
async function login(email: string, password: string): Promise<string> {
  const res = await server.request('POST', '/api/User/Login', { body: { emailAddress: email, password } });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

async function authInfo(token: string) {
  return (await server.request('GET', '/api/Account/AuthInfo', { token })).body;
}

async function attemptStatuses(orderId: string) {
  const result = await server.database.db.execute<{ status: string }>(
    sql`SELECT status FROM payment_attempts WHERE order_id = ${orderId} ORDER BY attempt_number`,
  );
  return result.rows.map((r) => r.status);
}

async function intentStatus(paymentIntentId: string) {
  const result = await server.database.db.execute<{ status: string }>(
    sql`SELECT status FROM sandbox_payment_intents WHERE id = ${paymentIntentId}`,
  );
  return result.rows[0]?.status;
}

async function expectNoMembership(member: Member, token = member.token) {
  expect(await subscriptionsOf(server, member.orderId)).toBe(0);
  const auth = await authInfo(token);
  expect(auth.subscription).toBeNull();
  expect(auth.uncompletedCheckoutOrderId).toBe(member.orderId);
  const actions = await server.request('POST', '/api/user/SkipNextBox', { token });
  expect(actions.status).toBe(409);
  // No member-shop access: nothing unlocked at member prices.
  const shop = await server.request('GET', '/api/product/GetShopProducts', { token });
  expect(shop.status).toBe(200);
  expect(shop.body.subscribedToProducts).toEqual([]);
}

describe('D2: sign-up with a failing first payment', () => {
  it('D2 pm_card_visa_chargeDeclined starts no membership, charges nothing, and Subscribe cannot start one', async () => {
    const member = await newMember(server, 'd2-declined');
    const declined = await createIntent(server, member, member.orderId, {
      paymentMethodId: 'pm_card_visa_chargeDeclined',
      schedule: 0,
    });
    expect(declined.status).toBe(400);
    expect(declined.body.code).toBe('payment_declined');
    expect(await chargesOf(server, member.orderId)).toBe(0);
    await expectNoMembership(member);
    // Claiming the sign-up with a made-up or another order's intent starts nothing either.
    const forged = await subscribe(server, member, member.orderId, 'pi_sbx_forged');
    expect(forged.status).not.toBe(200);
    await expectNoMembership(member);
    expect((await orderRow(server, member.orderId)).status).toBe('awaiting_payment');
  });

  it('D2 pm_card_authenticationRequired stays incomplete until the bank approves, then starts one membership with one charge', async () => {
    const member = await newMember(server, 'd2-3ds');
    const started = await createIntent(server, member, member.orderId, {
      paymentMethodId: 'pm_card_authenticationRequired',
      schedule: 0,
    });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('requires_action');
    const pi = started.body.paymentIntentId as string;
    expect(await attemptStatuses(member.orderId)).toEqual(['requires_action']);
    // Subscribe before the bank's answer: 409, nothing starts.
    const early = await subscribe(server, member, member.orderId, pi);
    expect(early.status).toBe(409);
    expect(await chargesOf(server, member.orderId)).toBe(0);
    await expectNoMembership(member);

    await sandbox.completeAuthentication(pi, 'approve');
    const done = await subscribe(server, member, member.orderId, pi);
    expect(done.status).toBe(200);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
    expect(await chargesOf(server, member.orderId)).toBe(1);
    expect((await authInfo(member.token)).subscription.statusName).toBe('Active');
  });

  it('D2 an authentication left alone becomes incomplete_expired after 23 h: the intent is canceled, nothing is charged', async () => {
    const member = await newMember(server, 'd2-expired');
    const started = await createIntent(server, member, member.orderId, {
      paymentMethodId: 'pm_card_authenticationRequired',
      schedule: 0,
    });
    expect(started.body.status).toBe('requires_action');
    const pi = started.body.paymentIntentId as string;

    // 22 hours later the reconciler leaves it waiting for the member.
    now += 22 * HOUR;
    const admin = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const early = await server.request('POST', '/api/payments/reconcile?olderThanSeconds=0', {
      token: admin,
    });
    expect(early.status).toBe(200);
    expect(await attemptStatuses(member.orderId)).toEqual(['requires_action']);
    expect(await intentStatus(pi)).toBe('requires_action');

    now += 1 * HOUR + 60_000;
    const admin2 = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const late = await server.request('POST', '/api/payments/reconcile?olderThanSeconds=0', {
      token: admin2,
    });
    expect(late.status).toBe(200);
    expect(await attemptStatuses(member.orderId)).toEqual(['canceled']);
    expect(await intentStatus(pi)).toBe('canceled');
    expect(await chargesOf(server, member.orderId)).toBe(0);
    const identityId = (await orderRow(server, member.orderId)).identity_id as string;
    const token = await createAccessTokens(server.config.jwtSecret, clock).sign(identityId);
    await expectNoMembership(member, token);
    // Approving the expired authentication afterwards cannot charge or start anything.
    await sandbox.completeAuthentication(pi, 'approve').catch(() => undefined);
    const after = await subscribe(server, { token }, member.orderId, pi);
    expect(after.status).not.toBe(200);
    expect(await chargesOf(server, member.orderId)).toBe(0);
    await expectNoMembership(member, token);
  });
});
