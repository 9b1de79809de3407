import { randomUUID } from 'node:crypto';
import {
  AuthInfoSchema,
  BillingInfoSchema,
  CheckoutMessages,
  displayOrderNumber,
  OrderSchema,
  PaymentIntentResultSchema,
  PaymentMethodSchema,
  TokenPairSchema,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import {
  attemptsOf,
  chargesOf,
  createIntent,
  type Member,
  mailCount,
  newMember,
  orderRow,
  payOrder,
  relaxedLimiter,
  SHIPPING,
  subscribe,
  subscriptionsOf,
  succeededAttemptsOf,
} from './checkout.test-support.ts';

const DAY = 24 * 60 * 60 * 1000;
// A month end, so 30/45/60 days cross months of different lengths.
let now = Date.parse('2027-01-30T15:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

const getOrder = (member: Pick<Member, 'token'>, orderId: string) =>
  server.request('GET', `/api/checkout/GetCheckoutOrder?orderId=${encodeURIComponent(orderId)}`, {
    token: member.token,
  });

const updateTax = (member: Pick<Member, 'token'>, orderId: string, body: unknown) =>
  server.request('POST', `/api/Identity/UpdateTaxInfo?orderId=${encodeURIComponent(orderId)}`, {
    token: member.token,
    body,
  });

describe('GET /api/checkout/GetCheckoutOrder', () => {
  it("answers the buyer's first box: 2 prime picks, the configured price, handling fee, no tax yet", async () => {
    const member = await newMember(server);
    const res = await getOrder(member, member.orderId);
    expect(res.status).toBe(200);
    const order = OrderSchema.strict().parse(res.body);
    expect(order).toMatchObject({
      id: member.orderId,
      kind: 'first_box',
      status: 'draft',
      isPayable: true,
      price: 14,
      handlingFee: 2.99,
      taxAmount: 0,
      total: 16.99,
      last4Digits: null,
      identity: { emailAddress: member.email, shippingAddress: null },
    });
    expect(order.items).toHaveLength(2);
    expect(order.items.every((item) => item.isPrimePick && item.price === 0 && item.title)).toBe(true);
    expect(`#${order.orderNumberLast4}`).toBe(displayOrderNumber(order.orderNumer));
  });

  it("answers someone else's order, a random id and a malformed id alike: 404 (B1)", async () => {
    const owner = await newMember(server);
    const other = await newMember(server);
    const theirs = await getOrder(other, owner.orderId);
    const missing = await getOrder(other, randomUUID());
    const malformed = await getOrder(other, "1' OR '1'='1");
    for (const res of [theirs, missing, malformed]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error_description: 'Order was not found.', code: 'not_found' });
    }
    const anonymous = await server.request('GET', `/api/checkout/GetCheckoutOrder?orderId=${owner.orderId}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/checkout/PaymentConfig', () => {
  it('tells the web app to show the sandbox card field when no Stripe keys are set', async () => {
    const res = await server.request('GET', '/api/checkout/PaymentConfig');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'sandbox', publishableKey: null });
  });
});

describe('POST /api/Identity/UpdateTaxInfo', () => {
  it("recomputes tax at the state's base rate, rounded to the cent, and answers the whole order", async () => {
    const member = await newMember(server);
    const texas = await updateTax(member, member.orderId, SHIPPING);
    expect(texas.status).toBe(200);
    // 6.25% of $16.99 (box and handling) is $1.061875.
    expect(OrderSchema.parse(texas.body)).toMatchObject({ taxAmount: 1.06, total: 18.05 });
    expect(texas.body.identity).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada Lovelace',
      shippingAddress: {
        street1: '1 Congress Ave',
        street2: 'Apt 4',
        street: '1 Congress Ave, Apt 4',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        countryText: 'United States',
      },
    });
    const california = await updateTax(member, member.orderId, {
      ...SHIPPING,
      shippingAddress: { ...SHIPPING.shippingAddress, state: 'California', postalCode: '94105-1234' },
    });
    expect(california.body).toMatchObject({ taxAmount: 1.23, total: 18.22 });
    expect(california.body.identity.shippingAddress.state).toBe('CA');
    const oregon = await updateTax(member, member.orderId, {
      ...SHIPPING,
      shippingAddress: { ...SHIPPING.shippingAddress, state: 'or', postalCode: '970011234' },
    });
    expect(oregon.body).toMatchObject({ taxAmount: 0, total: 16.99 });
    const stored = await getOrder(member, member.orderId);
    expect(stored.body).toMatchObject({ taxAmount: 0, total: 16.99 });
  });

  it("refuses missing fields with the spec's messages, and non-U.S. states and bad ZIP codes", async () => {
    const member = await newMember(server);
    const empty = await updateTax(member, member.orderId, {
      firstName: ' ',
      lastName: '',
      shippingAddress: { street1: '', street2: '', city: '', state: '', postalCode: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('validation_failed');
    expect(Object.values(empty.body.fieldErrors)).toEqual(
      expect.arrayContaining([
        CheckoutMessages.firstNameRequired,
        CheckoutMessages.lastNameRequired,
        CheckoutMessages.street1Required,
        CheckoutMessages.cityRequired,
        CheckoutMessages.stateRequired,
        CheckoutMessages.postalCodeRequired,
      ]),
    );
    const abroad = await updateTax(member, member.orderId, {
      ...SHIPPING,
      shippingAddress: { ...SHIPPING.shippingAddress, state: 'Ontario', postalCode: '7870' },
    });
    expect(abroad.status).toBe(400);
    expect(Object.values(abroad.body.fieldErrors)).toEqual(
      expect.arrayContaining([CheckoutMessages.stateInvalid, CheckoutMessages.postalCodeInvalid]),
    );
    expect((await getOrder(member, member.orderId)).body.identity.shippingAddress).toBeNull();
  });

  it('ignores prices, tax and totals sent by the client (B3)', async () => {
    const member = await newMember(server);
    const res = await updateTax(member, member.orderId, {
      ...SHIPPING,
      price: 0.01,
      total: 0.01,
      taxAmount: 0,
      handlingFee: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ price: 14, handlingFee: 2.99, taxAmount: 1.06, total: 18.05 });
    const row = await orderRow(server, member.orderId);
    expect(row).toMatchObject({
      price_cents: 1400,
      handling_fee_cents: 299,
      tax_cents: 106,
      total_cents: 1805,
    });
  });

  it("changes nothing on someone else's order (B1)", async () => {
    const owner = await newMember(server);
    const other = await newMember(server);
    const before = await orderRow(server, owner.orderId);
    const res = await updateTax(other, owner.orderId, SHIPPING);
    expect(res.status).toBe(404);
    expect(await orderRow(server, owner.orderId)).toEqual(before);
  });
});

describe('POST /api/Payment/createPaymentIntent and /api/Payment/Subscribe', () => {
  it('charges the server total once, starts the membership and answers fresh tokens (D1)', async () => {
    const member = await newMember(server);
    const paidAt = now;
    const intent = await createIntent(server, member, member.orderId, { schedule: 1 });
    expect(intent.status).toBe(200);
    const pi = PaymentIntentResultSchema.strict().parse(intent.body);
    expect(pi.status).toBe('succeeded');
    expect(pi.clientSecret).toMatch(/^pi_sbx_\w+_secret_\w+$/);
    // The charge is the server's total for a Texas address, whatever the client says (C4).
    const charged = await server.database.db.execute<{ amount: number }>(
      sql`SELECT (data->>'amount')::int AS amount FROM sandbox_payment_intents WHERE id = ${pi.paymentIntentId}`,
    );
    expect(charged.rows[0]!.amount).toBe(1805);

    const done = await subscribe(server, member, member.orderId, pi.paymentIntentId, { schedule: 1 });
    expect(done.status).toBe(200);
    const tokens = TokenPairSchema.strict().parse(done.body);
    expect(tokens.refresh_token).toMatch(/\S{20,}/);

    const auth = await server.request('GET', '/api/Account/AuthInfo', { token: tokens.token });
    expect(auth.status).toBe(200);
    const info = AuthInfoSchema.parse(auth.body);
    expect(info.uncompletedCheckoutOrderId).toBeNull();
    expect(info.subscription).toEqual({
      id: expect.any(String),
      susbcriptionName: 'Discover Plan',
      subscriptionPrice: 14,
      handlingFee: 2.99,
      deliveryScheduleDuration: 45,
      deliveryScheduleDurationName: 'Every 45 days',
      statusName: 'Active',
      cycleStatus: 1,
      billingCycleStartDate: new Date(paidAt).toISOString(),
      isoutcNextBillingDate: new Date(paidAt + 45 * DAY).toISOString(),
      currentOrderId: member.orderId,
      skippedBoxes: 0,
      // The cycle's dates: samples are chosen until 3 days after billing.
      cycleDates: expect.objectContaining({
        buildDeadline: new Date(paidAt + 3 * DAY).toISOString(),
        trackingNumber: null,
      }),
    });
    expect(info.identity).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

    const order = await getOrder(member, member.orderId);
    expect(order.body).toMatchObject({
      status: 'paid',
      statusName: 'Processing',
      isPayable: false,
      deliverySchedule: 1,
      last4Digits: '4242',
      total: 18.05,
    });
    expect(await chargesOf(server, member.orderId)).toBe(1);
    expect(await succeededAttemptsOf(server, member.orderId)).toBe(1);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
    expect(await mailCount(server, member.email, 'order-confirmation')).toBe(1);
    const cycle = await server.database.db.execute<{ status: string; cycle_index: number }>(
      sql`SELECT c.status, c.cycle_index FROM billing_cycles c JOIN subscriptions s ON s.id = c.subscription_id
          WHERE s.first_order_id = ${member.orderId}`,
    );
    expect(cycle.rows).toEqual([{ status: 'billed', cycle_index: 0 }]);
  });

  it('sets the next billing date 30, 45 or 60 days after payment, across month ends (D1)', async () => {
    for (const [schedule, days] of [
      [0, 30],
      [2, 60],
    ] as const) {
      now += 3 * DAY + 7 * 60 * 60 * 1000;
      const member = await newMember(server);
      const paidAt = now;
      const done = await payOrder(server, member, member.orderId, schedule);
      const auth = await server.request('GET', '/api/Account/AuthInfo', { token: done.body.token });
      expect(auth.body.subscription).toMatchObject({
        deliveryScheduleDuration: days,
        isoutcNextBillingDate: new Date(paidAt + days * DAY).toISOString(),
      });
    }
  });

  it('refuses a delivery schedule other than 0, 1 or 2 (D1)', async () => {
    const member = await newMember(server);
    const intent = await createIntent(server, member, member.orderId);
    for (const schedule of ['3', '-1', 'abc', '1.5']) {
      const res = await subscribe(server, member, member.orderId, intent.body.paymentIntentId, { schedule });
      expect(res.status).toBe(400);
    }
    expect(await subscriptionsOf(server, member.orderId)).toBe(0);
    const bad = await createIntent(server, member, member.orderId, { schedule: 7 });
    expect(bad.status).toBe(400);
  });

  it('saves the card as the default, shown by billing info and GetDefaultPaymentMethod', async () => {
    const member = await newMember(server);
    const before = await server.request('GET', '/api/PaymentMethod/GetDefaultPaymentMethod', {
      token: member.token,
    });
    expect(before.status).toBe(200);
    expect(before.body).toBeNull();
    await payOrder(server, member, member.orderId);
    const card = await server.request('GET', '/api/PaymentMethod/GetDefaultPaymentMethod', {
      token: member.token,
    });
    expect(PaymentMethodSchema.strict().parse(card.body)).toMatchObject({
      stripeMethodId: expect.stringMatching(/^pm_sbx_/),
      last4Digits: '4242',
      brand: 'visa',
    });
    const billing = await server.request('GET', '/api/identity/GetBillingInfoByIdentityId', {
      token: member.token,
    });
    expect(BillingInfoSchema.strict().parse(billing.body)).toEqual({
      last4Digits: '4242',
      expiryMonth: card.body.expiryMonth,
      expiryYear: card.body.expiryYear,
      brand: 'visa',
      billingAddress: {
        street1: '1 Congress Ave',
        street2: 'Apt 4',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
      },
    });
    const someoneElse = await server.request(
      'GET',
      `/api/identity/GetBillingInfoByIdentityId?identityId=${randomUUID()}`,
      { token: member.token },
    );
    expect(someoneElse.status).toBe(404);
  });

  it("answers a decline with the provider's message, keeps the order payable, and a good card then pays (C5)", async () => {
    const member = await newMember(server);
    const declined = await createIntent(server, member, member.orderId, {
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    expect(declined.status).toBe(400);
    expect(declined.body).toEqual({ error_description: 'Your card was declined.', code: 'payment_declined' });
    const funds = await createIntent(server, member, member.orderId, {
      paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
    });
    expect(funds.body.error_description).toBe('Your card has insufficient funds.');
    const onCharge = await createIntent(server, member, member.orderId, {
      paymentMethodId: 'pm_card_chargeCustomerFail',
    });
    expect(onCharge.status).toBe(400);
    expect(onCharge.body.code).toBe('payment_declined');
    // A fraud block reads like any decline (docs/reliability.md#c5: never the issuer's fraud reason).
    const fraud = await createIntent(server, member, member.orderId, {
      paymentMethodId: 'pm_card_radarBlock',
    });
    expect(fraud.body.error_description).toBe('Your card was declined.');

    const order = await getOrder(member, member.orderId);
    expect(order.body).toMatchObject({ status: 'awaiting_payment', isPayable: true });
    const auth = await server.request('GET', '/api/Account/AuthInfo', { token: member.token });
    expect(auth.body).toMatchObject({ subscription: null, uncompletedCheckoutOrderId: member.orderId });

    await payOrder(server, member, member.orderId);
    expect(await chargesOf(server, member.orderId)).toBe(1);
    expect(await succeededAttemptsOf(server, member.orderId)).toBe(1);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
  });

  it('refuses to pay a paid order again, and a second Subscribe changes nothing', async () => {
    const member = await newMember(server);
    const first = await createIntent(server, member, member.orderId);
    await subscribe(server, member, member.orderId, first.body.paymentIntentId);
    const again = await createIntent(server, member, member.orderId, {
      paymentMethodId: 'pm_card_mastercard',
    });
    expect(again.status).toBe(409);
    expect(again.body.error_description).toBe('This order is already paid.');
    const resubscribe = await subscribe(server, member, member.orderId, first.body.paymentIntentId, {
      schedule: 2,
    });
    expect(resubscribe.status).toBe(200);
    expect(await chargesOf(server, member.orderId)).toBe(1);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
    expect(await mailCount(server, member.email, 'order-confirmation')).toBe(1);
    const auth = await server.request('GET', '/api/Account/AuthInfo', { token: resubscribe.body.token });
    expect(auth.body.subscription.deliveryScheduleDuration).toBe(30);
  });

  it('charges once and starts one membership when a buyer pays from many tabs at once (C3)', async () => {
    const member = await newMember(server);
    const tabs = await Promise.all(
      Array.from({ length: 8 }, () => createIntent(server, member, member.orderId, { key: randomUUID() })),
    );
    const statuses = tabs.map((t) => t.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const succeeded = tabs.filter((t) => t.status === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(new Set(succeeded.map((t) => t.body.paymentIntentId)).size).toBe(1);
    for (const refused of tabs.filter((t) => t.status === 409)) expect(refused.body.code).toBe('in_progress');
    expect(await chargesOf(server, member.orderId)).toBe(1);

    const piId = succeeded[0]!.body.paymentIntentId;
    const confirms = await Promise.all(
      Array.from({ length: 6 }, () => subscribe(server, member, member.orderId, piId, { key: randomUUID() })),
    );
    expect(confirms.map((c) => c.status)).toEqual(Array(6).fill(200));
    expect(await chargesOf(server, member.orderId)).toBe(1);
    expect(await succeededAttemptsOf(server, member.orderId)).toBe(1);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
    expect(await mailCount(server, member.email, 'order-confirmation')).toBe(1);
  });

  it('replays the stored answer for a repeated Idempotency-Key and charges once (C1)', async () => {
    const member = await newMember(server);
    const key = randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => createIntent(server, member, member.orderId, { key })),
    );
    const ok = burst.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of burst.filter((b) => b.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('in_progress');
    }
    expect(new Set(ok.map((r) => r.text)).size).toBe(1);
    const replay = await createIntent(server, member, member.orderId, { key });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(ok[0]!.text);
    expect(await chargesOf(server, member.orderId)).toBe(1);
  });

  it('refuses a repeated key with another request (422), and never stores a validation failure (C2)', async () => {
    const member = await newMember(server);
    const key = randomUUID();
    const invalid = await createIntent(server, member, member.orderId, {
      key,
      body: { ...SHIPPING, firstName: '' },
    });
    expect(invalid.status).toBe(400);
    const first = await createIntent(server, member, member.orderId, { key });
    expect(first.status).toBe(200);
    const otherCard = await createIntent(server, member, member.orderId, {
      key,
      paymentMethodId: 'pm_card_mastercard',
    });
    expect(otherCard.status).toBe(422);
    expect(otherCard.body.code).toBe('idempotency_mismatch');
    const otherAddress = await createIntent(server, member, member.orderId, {
      key,
      body: { ...SHIPPING, shippingAddress: { ...SHIPPING.shippingAddress, state: 'CA' } },
    });
    expect(otherAddress.status).toBe(422);
    expect(await chargesOf(server, member.orderId)).toBe(1);
    expect((await getOrder(member, member.orderId)).body.taxAmount).toBe(1.06);
    // A stored decline replays as the same decline.
    const other = await newMember(server);
    const declineKey = randomUUID();
    const declined = await createIntent(server, other, other.orderId, {
      key: declineKey,
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    const replayed = await createIntent(server, other, other.orderId, {
      key: declineKey,
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    expect([declined.status, replayed.status]).toEqual([400, 400]);
    expect(replayed.body).toEqual(declined.body);
    expect(await attemptsOf(server, other.orderId)).toBe(1);
  });

  it("never charges or records someone else's order, and never accepts another order's payment (B1)", async () => {
    const owner = await newMember(server);
    const intruder = await newMember(server);
    const charge = await createIntent(server, intruder, owner.orderId);
    expect(charge.status).toBe(404);
    expect(await chargesOf(server, owner.orderId)).toBe(0);

    const ownerIntent = await createIntent(server, owner, owner.orderId);
    const stolen = await subscribe(server, intruder, owner.orderId, ownerIntent.body.paymentIntentId);
    expect(stolen.status).toBe(404);
    // A payment of one order does not pay another, even the payer's own.
    const ownIntruderOrder = await subscribe(
      server,
      intruder,
      intruder.orderId,
      ownerIntent.body.paymentIntentId,
    );
    expect(ownIntruderOrder.status).toBe(404);
    const unknown = await subscribe(server, intruder, intruder.orderId, 'pi_sbx_doesnotexist');
    expect(unknown.status).toBe(404);
    expect(await subscriptionsOf(server, owner.orderId)).toBe(0);
    expect(await subscriptionsOf(server, intruder.orderId)).toBe(0);

    const anonymous = await server.request(
      'POST',
      `/api/Payment/createPaymentIntent?orderId=${owner.orderId}&paymentMethodId=pm_card_visa`,
      { body: SHIPPING },
    );
    expect(anonymous.status).toBe(401);
  });

  it('refuses a second first box for someone who is already a member, before any charge', async () => {
    const member = await newMember(server);
    await payOrder(server, member, member.orderId);
    // Retaking the quiz makes a new draft box.
    const retake = await server.request('POST', '/api/theQuiz/TakeQuiz', {
      token: member.token,
      body: { exerciseTypes: [1], flavors: [0, 1, 2, 3], usedProteinBefore: false },
    });
    expect(retake.status).toBe(200);
    const results = await server.request('POST', '/api/product/GetProductQuizResults', {
      token: member.token,
      body: { id: retake.body.id },
    });
    const secondOrder = results.body.orderId as string;
    expect(secondOrder).not.toBe(member.orderId);
    const res = await createIntent(server, member, secondOrder);
    expect(res.status).toBe(409);
    expect(res.body.error_description).toBe('You already have an active membership.');
    expect(await chargesOf(server, secondOrder)).toBe(0);
  });
});

describe('POST /api/Payment/Pay', () => {
  it('applies no more store credit than the balance (none exists yet) and keeps the server total', async () => {
    const member = await newMember(server);
    const res = await server.request('POST', `/api/Payment/Pay?creditAmount=5&orderId=${member.orderId}`, {
      token: member.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orderId: member.orderId, creditApplied: 0, creditBalance: 0, total: 16.99 });
    const resumed = await server.request('POST', '/api/Payment/Pay?creditAmount=1000', {
      token: member.token,
    });
    expect(resumed.body.orderId).toBe(member.orderId);
    expect(
      (await server.request('POST', '/api/Payment/Pay?creditAmount=-1', { token: member.token })).status,
    ).toBe(400);
    const other = await newMember(server);
    const theirs = await server.request('POST', `/api/Payment/Pay?creditAmount=5&orderId=${member.orderId}`, {
      token: other.token,
    });
    expect(theirs.status).toBe(404);
    await payOrder(server, member, member.orderId);
    const paid = await server.request('POST', `/api/Payment/Pay?creditAmount=5&orderId=${member.orderId}`, {
      token: member.token,
    });
    expect(paid.status).toBe(409);
  });
});

describe('POST /api/Payment/createPaymentIntent for a renewal box', () => {
  it('refuses to charge a cycle box, which only the cycle engine bills', async () => {
    const member = await newMember(server, 'renewal');
    // The shape a renewal's unpaid order has while its charge is retried.
    await server.database.db.execute(sql`UPDATE orders SET kind = 'cycle_box' WHERE id = ${member.orderId}`);
    const res = await createIntent(server, member, member.orderId);
    expect(res.status).toBe(409);
    expect(res.body.error_description).toBe('This box is billed automatically with your membership.');
    expect(await chargesOf(server, member.orderId)).toBe(0);
  });
});
