import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN, seedAdmin } from '../accounts/accounts.seed.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { createPaymentProvider, sandboxWebhookSecret } from '../payments/provider/create-provider.ts';
import { signWebhookPayload } from '../payments/provider/webhook-signature.ts';
import {
  chargesOf,
  createIntent,
  mailCount,
  newMember,
  orderRow,
  relaxedLimiter,
  subscriptionsOf,
  succeededAttemptsOf,
} from './checkout.test-support.ts';

/*
 * docs/reliability.md#c10: provider events in any order, and events that overtake our own commit. The
 * webhook is the only path that records these payments here (no Subscribe call), through the real
 * signed endpoint, with PaymentIntents the sandbox really charged.
 */

const now = Date.parse('2027-05-03T12:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
  await seedAdmin(server.database.db, clock());
  const login = await server.request('POST', '/api/User/Login', {
    body: { emailAddress: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  adminToken = login.body.token;
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;

/** Delivers one event; with `ids`, the same type gets the same event id again (a redelivery). */
function deliver(type: string, object: Json, ids?: Map<string, string>) {
  const id = ids?.get(type) ?? `evt_${randomUUID().replace(/-/g, '')}`;
  ids?.set(type, id);
  const payload = JSON.stringify({
    id,
    object: 'event',
    created: Math.floor(now / 1000),
    livemode: false,
    type,
    data: { object },
  });
  return server.request('POST', '/api/payments/webhook', {
    rawBody: { contentType: 'application/json', data: payload },
    headers: {
      'stripe-signature': signWebhookPayload(
        payload,
        sandboxWebhookSecret(server.config),
        Math.floor(now / 1000),
      ),
    },
  });
}

async function storedIntent(paymentIntentId: string): Promise<Json> {
  const stored = await server.database.db.execute<{ data: unknown }>(
    sql`SELECT data FROM sandbox_payment_intents WHERE id = ${paymentIntentId}`,
  );
  const data = stored.rows[0]!.data;
  return (typeof data === 'string' ? JSON.parse(data) : data) as Json;
}

async function storedCharge(chargeId: string): Promise<Json> {
  const stored = await server.database.db.execute<{ data: unknown }>(
    sql`SELECT data FROM sandbox_objects WHERE id = ${chargeId} AND kind = 'charge'`,
  );
  const data = stored.rows[0]!.data;
  return (typeof data === 'string' ? JSON.parse(data) : data) as Json;
}

/** Confirmation mails once the background send had its chance (it runs just after the commit). */
async function confirmations(email: string): Promise<number> {
  for (let i = 0; i < 30; i++) {
    const n = await mailCount(server, email, 'order-confirmation', 100);
    if (n > 0) return mailCount(server, email, 'order-confirmation', 200);
  }
  return 0;
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const EVENTS = [
  'payment_intent.created',
  'payment_intent.requires_action',
  'payment_intent.succeeded',
] as const;

describe('C10: out-of-order and early events', () => {
  it('C10 every order of created / requires_action / succeeded ends the same: paid once, one membership, one confirmation', async () => {
    const orders = permutations([...EVENTS]);
    expect(orders).toHaveLength(6);
    for (const sequence of orders) {
      const member = await newMember(server, 'c10');
      const intent = await createIntent(server, member, member.orderId);
      expect(intent.status).toBe(200);
      const pi = await storedIntent(intent.body.paymentIntentId);
      expect(pi.status).toBe('succeeded');
      const statusOf: Record<(typeof EVENTS)[number], string> = {
        'payment_intent.created': 'requires_payment_method',
        'payment_intent.requires_action': 'requires_action',
        'payment_intent.succeeded': 'succeeded',
      };
      const seen: string[] = [];
      for (const type of sequence) {
        const res = await deliver(type, { ...pi, status: statusOf[type] });
        expect(res.status, `${sequence.join(' > ')}: ${type}`).toBe(200);
        // Once paid, a later, older event never moves the order back (allowed edges only).
        seen.push(String((await orderRow(server, member.orderId)).status));
      }
      const paidAt = seen.indexOf('paid');
      expect(paidAt, sequence.join(' > ')).toBe(sequence.indexOf('payment_intent.succeeded'));
      expect(
        seen.slice(paidAt).every((s) => s === 'paid'),
        sequence.join(' > '),
      ).toBe(true);
      expect(await subscriptionsOf(server, member.orderId)).toBe(1);
      expect(await succeededAttemptsOf(server, member.orderId)).toBe(1);
      expect(await chargesOf(server, member.orderId)).toBe(1);
      expect(await confirmations(member.email)).toBe(1);
    }
  }, 120_000);

  it('C10 a succeeded event for an order not committed yet is answered 200 but queued and retried, never dropped', async () => {
    const member = await newMember(server, 'c10-early');
    const intent = await createIntent(server, member, member.orderId);
    const pi = await storedIntent(intent.body.paymentIntentId);
    const unknownOrder = randomUUID();
    const early = await deliver('payment_intent.succeeded', {
      ...pi,
      id: `pi_early_${randomUUID().slice(0, 8)}`,
      metadata: { ...(pi.metadata as Json), order_id: unknownOrder },
    });
    expect(early.status).toBe(200);
    const jobs = async () =>
      (
        await server.database.db.execute<{
          done_at: unknown;
          attempts: number;
          last_error: string | null;
        }>(sql`
          SELECT done_at, attempts, last_error FROM outbox WHERE kind = 'settle' AND payload->>'orderId' = ${unknownOrder}`)
      ).rows;
    expect(await jobs()).toHaveLength(1);
    // Flushing while the order is still unknown keeps the job for a later try, with the reason.
    const flushed = await server.request('POST', '/api/payments/reconcile?olderThanSeconds=0', {
      token: adminToken,
    });
    expect(flushed.status).toBe(200);
    const [job] = await jobs();
    expect(job!.done_at).toBeNull();
    expect(Number(job!.attempts)).toBeGreaterThanOrEqual(1);
    expect(job!.last_error).toContain('not known');
  });

  it('C10 charge.refunded in any order with the other three events ends refunded, once: a refund made at the provider reaches the order, and one that overtakes the payment is refused until the payment is recorded', async () => {
    const provider = createPaymentProvider({ config: server.config, db: server.database.db, clock });
    const ALL = [...EVENTS, 'charge.refunded'] as const;
    const sequences = permutations([...ALL]);
    expect(sequences).toHaveLength(24);
    for (const sequence of sequences) {
      const member = await newMember(server, 'c10-refund');
      const intent = await createIntent(server, member, member.orderId);
      expect(intent.status).toBe(200);
      // The whole charge is refunded at the provider (its dashboard): the sandbox emits charge.refunded.
      await provider.refund({
        paymentIntentId: intent.body.paymentIntentId,
        idempotencyKey: `dashboard:${randomUUID()}`,
      });
      const pi = await storedIntent(intent.body.paymentIntentId);
      const charge = await storedCharge(String(pi.latest_charge));
      expect(charge.amount_refunded).toBe(pi.amount);
      const objectOf = (type: (typeof ALL)[number]): Json =>
        type === 'charge.refunded'
          ? charge
          : {
              ...pi,
              status:
                type === 'payment_intent.created'
                  ? 'requires_payment_method'
                  : type === 'payment_intent.requires_action'
                    ? 'requires_action'
                    : 'succeeded',
            };
      const label = sequence.join(' > ');
      const refused: (typeof ALL)[number][] = [];
      const ids = new Map<string, string>();
      for (const type of sequence) {
        const res = await deliver(type, objectOf(type), ids);
        if (res.status !== 200) refused.push(type);
      }
      // Only a refund that came before the payment's own event is refused (5xx: send it again).
      expect(refused, label).toEqual(
        sequence.indexOf('charge.refunded') < sequence.indexOf('payment_intent.succeeded')
          ? ['charge.refunded']
          : [],
      );
      // The provider delivers a refused event again later, with the same event id.
      for (const type of refused) expect((await deliver(type, objectOf(type), ids)).status, label).toBe(200);
      expect((await orderRow(server, member.orderId)).status, label).toBe('refunded');
      const recorded = await server.database.db.execute<{ amount_cents: number; status: string }>(
        sql`SELECT amount_cents, status FROM refunds WHERE order_id = ${member.orderId}`,
      );
      expect(
        recorded.rows.map((r) => [Number(r.amount_cents), r.status]),
        label,
      ).toEqual([[Number(pi.amount), 'succeeded']]);
      // The same refund event again changes nothing.
      expect((await deliver('charge.refunded', charge, ids)).body.status).toBe('already_processed');
      expect(await chargesOf(server, member.orderId)).toBe(1);
    }
  }, 240_000);
});
