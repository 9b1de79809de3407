import { and, asc, eq, inArray, lte, max, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  customers,
  type PaymentAttemptRow,
  type PaymentAttemptStatus,
  type PaymentMethodRow,
  type ProviderName,
  paymentAttempts,
  paymentMethods,
} from './payments.table.ts';

/*
 * The payment tables the checkout writes (payments.table.ts, 0005_payments.sql):
 * the provider's customer per identity, saved cards, and one row per attempt to pay an order.
 */

/** Attempts that hold an order's one live payment (the partial unique index of docs/reliability.md#c3). */
export const LIVE_ATTEMPT_STATUSES: readonly PaymentAttemptStatus[] = [
  'pending',
  'requires_action',
  'succeeded',
];

export async function findCustomer(db: Db, identityId: string, provider: ProviderName) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.identityId, identityId), eq(customers.provider, provider)))
    .limit(1);
  return row;
}

export async function insertCustomer(
  db: Db,
  row: { identityId: string; provider: ProviderName; providerCustomerId: string; createdAt: Date },
): Promise<void> {
  await db.insert(customers).values(row).onConflictDoNothing();
}

/** Saves a card the provider attached, or leaves the row that already records it. */
export async function upsertPaymentMethod(
  db: Db,
  row: typeof paymentMethods.$inferInsert,
): Promise<PaymentMethodRow> {
  await db.insert(paymentMethods).values(row).onConflictDoNothing();
  const [stored] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.provider, row.provider),
        eq(paymentMethods.providerPaymentMethodId, row.providerPaymentMethodId),
      ),
    )
    .limit(1);
  return stored!;
}

export async function findPaymentMethod(db: Db, provider: ProviderName, providerPaymentMethodId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.provider, provider),
        eq(paymentMethods.providerPaymentMethodId, providerPaymentMethodId),
      ),
    )
    .limit(1);
  return row;
}

export async function findDefaultPaymentMethod(db: Db, identityId: string, provider: ProviderName) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.identityId, identityId),
        eq(paymentMethods.provider, provider),
        eq(paymentMethods.isDefault, true),
      ),
    )
    .limit(1);
  return row;
}

/** Makes one card the default: the others first lose it (at most one default per identity). */
export async function makeDefault(db: Db, identityId: string, paymentMethodId: string): Promise<void> {
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(
      and(
        eq(paymentMethods.identityId, identityId),
        eq(paymentMethods.isDefault, true),
        ne(paymentMethods.id, paymentMethodId),
      ),
    );
  await db.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, paymentMethodId));
}

export async function findLiveAttempt(db: Db, orderId: string): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.status, [...LIVE_ATTEMPT_STATUSES])),
    )
    .limit(1);
  return row;
}

/** Whether a payment of the order is running or done (the cart checkout asks before it charges). */
export async function hasLiveAttempt(db: Db, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.status, [...LIVE_ATTEMPT_STATUSES])),
    )
    .limit(1);
  return rows.length > 0;
}

export async function listAttempts(db: Db, orderId: string): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(asc(paymentAttempts.attemptNumber));
}

export async function nextAttemptNumber(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: max(paymentAttempts.attemptNumber) })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId));
  return (row?.n ?? 0) + 1;
}

export async function insertAttempt(
  db: Db,
  row: typeof paymentAttempts.$inferInsert,
): Promise<PaymentAttemptRow> {
  const [inserted] = await db.insert(paymentAttempts).values(row).returning();
  return inserted!;
}

export async function updateAttempt(
  db: Db,
  id: string,
  changes: Partial<typeof paymentAttempts.$inferInsert>,
): Promise<void> {
  await db.update(paymentAttempts).set(changes).where(eq(paymentAttempts.id, id));
}

/** Attempts of `orderId` still open (not succeeded) and older than `before`. */
export async function openAttemptsBefore(
  db: Db,
  orderId: string,
  before: Date,
): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, orderId),
        inArray(paymentAttempts.status, ['pending', 'requires_action']),
        lte(paymentAttempts.updatedAt, before),
      ),
    );
}

/** True for a unique-index violation (PostgreSQL 23505), raised by pg and PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The attempt of a refunded PaymentIntent. */
export async function markAttemptRefunded(
  db: Db,
  provider: ProviderName,
  paymentIntentId: string,
  now: Date,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: 'refunded', updatedAt: now })
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        eq(paymentAttempts.providerPaymentIntentId, paymentIntentId),
        eq(paymentAttempts.status, 'succeeded'),
      ),
    );
}
