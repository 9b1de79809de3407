import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { type PaymentAttemptStatus, paymentAttempts, paymentMethods } from './payments.table.ts';

/* The constraints of migration 0005 that keep money safe whatever the code above them does. */

let database: Database;
let identityId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  identityId = randomUUID();
  await database.exec(
    `INSERT INTO identities (id, email, referral_code) VALUES ('${identityId}', 'pay-${identityId}@example.com', 'R${identityId.slice(0, 8)}')`,
  );
});
afterAll(async () => {
  await database.close();
});

async function newOrder(): Promise<string> {
  const id = randomUUID();
  await database.exec(
    `INSERT INTO orders (id, identity_id, kind, price_cents, total_cents) VALUES ('${id}', '${identityId}', 'first_box', 1400, 1699)`,
  );
  return id;
}

function attempt(orderId: string, n: number, status: PaymentAttemptStatus, key = `order:${orderId}:${n}`) {
  return database.db.insert(paymentAttempts).values({
    id: randomUUID(),
    orderId,
    identityId,
    attemptNumber: n,
    idempotencyKey: key,
    provider: 'sandbox',
    amountCents: 1699,
    status,
  });
}

describe('payment_attempts', () => {
  it('C3 allows one live attempt per order: a second pending attempt is refused', async () => {
    const orderId = await newOrder();
    await attempt(orderId, 1, 'pending');
    await expect(attempt(orderId, 2, 'pending')).rejects.toThrow();
    await expect(attempt(orderId, 2, 'requires_action')).rejects.toThrow();
  });

  it('allows a new attempt once the earlier one failed, but none after one succeeded', async () => {
    const orderId = await newOrder();
    await attempt(orderId, 1, 'failed');
    await attempt(orderId, 2, 'succeeded');
    await expect(attempt(orderId, 3, 'pending')).rejects.toThrow();
    await attempt(orderId, 3, 'canceled');
  });

  it('refuses a reused idempotency key, a repeated attempt number and an amount under 50 cents', async () => {
    const orderId = await newOrder();
    const other = await newOrder();
    await attempt(orderId, 1, 'failed', 'order:shared:1');
    await expect(attempt(other, 1, 'failed', 'order:shared:1')).rejects.toThrow();
    await expect(attempt(orderId, 1, 'failed', 'order:another:1')).rejects.toThrow();
    await expect(
      database.db.insert(paymentAttempts).values({
        id: randomUUID(),
        orderId,
        identityId,
        attemptNumber: 9,
        idempotencyKey: `order:${orderId}:9`,
        provider: 'sandbox',
        amountCents: 49,
        status: 'failed',
      }),
    ).rejects.toThrow();
  });

  it('refuses an attempt for an order that does not exist', async () => {
    await expect(attempt(randomUUID(), 1, 'pending')).rejects.toThrow();
  });
});

describe('payment_methods', () => {
  it('keeps at most one default card per identity', async () => {
    const card = (pm: string, isDefault: boolean) =>
      database.db.insert(paymentMethods).values({
        id: randomUUID(),
        identityId,
        provider: 'sandbox',
        providerPaymentMethodId: pm,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        isDefault,
      });
    await card('pm_sbx_a', true);
    await card('pm_sbx_b', false);
    await expect(card('pm_sbx_c', true)).rejects.toThrow();
    await expect(card('pm_sbx_a', false)).rejects.toThrow();
  });
});
