import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type OrderRow, type OrderShipping, type OrderStatus, orderItems, orders } from './orders.table.ts';

export async function insertOrderIfAbsent(
  db: Db,
  order: Omit<typeof orders.$inferInsert, 'orderNumber'>,
): Promise<OrderRow | undefined> {
  // No conflict target: the partial unique index on (quiz_id) for first boxes is what can conflict.
  const [row] = await db.insert(orders).values(order).onConflictDoNothing().returning();
  return row;
}

export async function findFirstBoxOrder(db: Db, quizId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.quizId, quizId), eq(orders.kind, 'first_box')))
    .limit(1);
  return row;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function insertItems(
  db: Db,
  orderId: string,
  items: {
    id: string;
    productId: number;
    isPrimePick: boolean;
    priceCents: number;
    quantity?: number;
    listPriceCents?: number | null;
    /** When the line was added; the database's clock when left out. */
    createdAt?: Date;
  }[],
): Promise<void> {
  if (!items.length) return;
  await db.insert(orderItems).values(items.map((i) => ({ ...i, orderId })));
}

export async function deletePrimePicks(db: Db, orderId: string): Promise<void> {
  await db.delete(orderItems).where(and(eq(orderItems.orderId, orderId), eq(orderItems.isPrimePick, true)));
}

export async function touchOrder(db: Db, orderId: string, now: Date): Promise<void> {
  await db.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
}

export async function listItems(db: Db, orderId: string) {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.createdAt, orderItems.id);
}

/** The distinct products in an identity's orders with one of `statuses`. */
export async function productIdsInOrders(
  db: Db,
  identityId: string,
  statuses: readonly OrderStatus[],
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.identityId, identityId), inArray(orders.status, [...statuses])));
  return rows.map((r) => r.productId);
}

/** `productIdsInOrders` for a fixed list of statuses as one prepared statement (the unlock check). */
export function prepareProductIdsInOrders(db: Db, name: string, statuses: readonly OrderStatus[]) {
  const statement = db
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.identityId, sql.placeholder('id')), inArray(orders.status, [...statuses])))
    .prepare(name);
  return async (identityId: string): Promise<number[]> =>
    (await statement.execute({ id: identityId })).map((r) => r.productId);
}

/** Products of the member's paid boxes (first and cycle boxes) other than `exceptOrderId`. */
export async function productIdsInOtherBoxes(
  db: Db,
  identityId: string,
  statuses: readonly OrderStatus[],
  exceptOrderId: string,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.identityId, identityId),
        inArray(orders.status, [...statuses]),
        inArray(orders.kind, ['first_box', 'cycle_box']),
        ne(orders.id, exceptOrderId),
      ),
    );
  return rows.map((r) => r.productId);
}

/** Turns one prime pick of an order into another product (docs/product.md#swapping-a-prime-pick); false when there is no such prime pick. */
export async function swapPrimePickProduct(
  db: Db,
  orderId: string,
  itemId: string,
  productId: number,
): Promise<boolean> {
  const updated = await db
    .update(orderItems)
    .set({ productId })
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId), eq(orderItems.isPrimePick, true)))
    .returning({ id: orderItems.id });
  return updated.length > 0;
}

/** The order, locked until the transaction ends: payment and fulfilment of one order run one at a time. */
export async function lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  return row;
}

export async function updateOrder(
  db: Db,
  id: string,
  changes: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow | undefined> {
  const [row] = await db.update(orders).set(changes).where(eq(orders.id, id)).returning();
  return row;
}

/** The unpaid pre-order of this plan, if one is open. */
export async function findOpenPreOrder(db: Db, identityId: string, plan: 'flex' | 'max') {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.identityId, identityId),
        eq(orders.kind, 'pre_order'),
        eq(orders.plan, plan),
        inArray(orders.status, ['draft', 'awaiting_payment']),
      ),
    )
    .limit(1);
  return row;
}

/** The newest order of a kind in one of `statuses`. */
export async function latestOrderOf(
  db: Db,
  identityId: string,
  kinds: readonly string[],
  statuses: readonly OrderStatus[],
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.identityId, identityId),
        inArray(orders.kind, [...kinds]),
        inArray(orders.status, [...statuses]),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}

/** Replaces the member's chosen samples (the items that are not prime picks). */
export async function replaceChosenItems(
  db: Db,
  orderId: string,
  items: { id: string; productId: number }[],
): Promise<void> {
  // Tub lines added to the box (docs/product.md#next-box-extras) are not chosen samples: kept.
  await db
    .delete(orderItems)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.isPrimePick, false),
        isNull(orderItems.listPriceCents),
      ),
    );
  await insertItems(
    db,
    orderId,
    items.map((i) => ({ ...i, isPrimePick: false, priceCents: 0 })),
  );
}

/** Moves an order from one status to another; an order in any other status is left alone. */
export async function setStatusIf(
  db: Db,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  now: Date,
): Promise<void> {
  await db
    .update(orders)
    .set({ status: to, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)));
}

/** AuthInfo runs on every page load: the newest unpaid first box, one prepared statement. */
export function prepareUncompletedFirstBox(db: Db) {
  const statement = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.identityId, sql.placeholder('id')),
        eq(orders.kind, 'first_box'),
        inArray(orders.status, ['draft', 'awaiting_payment']),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1)
    .prepare('orders_uncompleted_first_box');
  return async (identityId: string): Promise<string | null> =>
    (await statement.execute({ id: identityId }))[0]?.id ?? null;
}

/** An identity's orders, newest first: paid ones and boxes still open (at most 100). */
/** The member's orders, newest first (GET order/GetMyOrders): one prepared statement. */
export function prepareListOrdersOf(db: Db) {
  const statement = db
    .select()
    .from(orders)
    .where(eq(orders.identityId, sql.placeholder('id')))
    .orderBy(desc(orders.createdAt))
    .limit(100)
    .prepare('orders_of_identity');
  return (identityId: string): Promise<OrderRow[]> => statement.execute({ id: identityId });
}

/**
 * The operator's correction of where a member's boxes ship (docs/product.md#back-office): the first
 * box's order, which every renewal copies, and every box order not shipped yet get `shipping`
 * (the JSON of an `OrderShipping`). Runs in the caller's transaction, which writes the audit row.
 */
export async function reshipMemberBoxes(
  tx: Db,
  identityId: string,
  firstOrderId: string | null,
  shippingJson: string,
): Promise<void> {
  await tx.execute(sql`
          UPDATE orders SET shipping = ${shippingJson}::jsonb
          WHERE identity_id = ${identityId} AND kind IN ('first_box', 'cycle_box')
            AND (id::text = ${firstOrderId ?? ''}
              OR (shipped_at IS NULL AND status IN ('draft', 'awaiting_payment', 'paid', 'processing')))`);
}

/** An order's status, set by the back office's refunds (`refund_pending`, `refunded`, or back). */
export async function setOrderStatus(tx: Db, orderId: string, status: string, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE orders SET status = ${status}, updated_at = ${at.toISOString()}
        WHERE id = ${orderId}`);
}

/**
 * A replacement box (docs/product.md#cancel-offers): a paid order of kind `replacement` at no
 * cost, shipped where `shipping` says, in the caller's transaction. Answers its id and number.
 */
export async function insertReplacementOrder(
  tx: Db,
  input: {
    id: string;
    identityId: string;
    quizId: string | null;
    shipping: OrderShipping | null;
    deliverySchedule: number;
    at: Date;
  },
): Promise<{ id: string; order_number: string } | undefined> {
  const { at } = input;
  const rows = await tx
    .execute<{ id: string; order_number: string }>(sql`
    INSERT INTO orders (id, identity_id, quiz_id, kind, status, shipping, delivery_schedule, paid_at,
                        price_cents, handling_fee_cents, tax_cents, total_cents, created_at, updated_at)
    VALUES (${input.id}, ${input.identityId}, ${input.quizId}, 'replacement', 'paid',
            ${input.shipping ? JSON.stringify(input.shipping) : null}::jsonb, ${input.deliverySchedule}, ${at.toISOString()},
            0, 0, 0, 0, ${at.toISOString()}, ${at.toISOString()})
    RETURNING id, order_number`)
    .then((r) => r.rows);
  return rows[0];
}

/** What a box's tax and total are worked out from: its amounts, shipping and the sum of its priced lines. */
export type AmountsToReprice = {
  price_cents: number;
  handling_fee_cents: number;
  discount_cents: number;
  credit_cents: number;
  shipping: OrderShipping | null;
  items_cents: number;
};

/** Reads a box's AmountsToReprice. */
export async function amountsToReprice(tx: Db, orderId: string): Promise<AmountsToReprice | undefined> {
  const [order] = (
    await tx.execute<AmountsToReprice>(sql`
      SELECT o.price_cents, o.handling_fee_cents, o.discount_cents, o.credit_cents, o.shipping,
        COALESCE((SELECT sum(i.price_cents) FROM order_items i WHERE i.order_id = o.id), 0)::int AS items_cents
      FROM orders o WHERE o.id = ${orderId}`)
  ).rows;
  return order;
}

/** Sets a box's discount, tax and total worked out again, in the caller's transaction. */
export async function setRepricedAmounts(
  tx: Db,
  orderId: string,
  amounts: { discountCents: number; taxCents: number; taxCalculationId: string | null; totalCents: number },
): Promise<void> {
  await tx.execute(sql`
    UPDATE orders SET discount_cents = ${amounts.discountCents}, tax_cents = ${amounts.taxCents},
      tax_calculation_id = ${amounts.taxCalculationId}, total_cents = ${amounts.totalCents}
    WHERE id = ${orderId}`);
}
