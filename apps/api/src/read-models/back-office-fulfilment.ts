import type {
  AdminCartOrderQuery,
  AdminFulfilmentBoxQuery,
  FulfilmentItem,
  FulfilmentStage,
} from '@store/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * The back office's fulfilment lists (docs/product.md#back-office): the boxes to pack (the
 * memberships' billed cycles and the replacement boxes, with their orders and members), the tub
 * orders, a packing list and each order's lines with their products. Read-only over the orders,
 * memberships, accounts and catalog tables; the steps that change a box are the cycle engine's.
 */

export type Row = Record<string, unknown>;

/** Orders that were paid and not taken back: the only boxes and tubs that are packed. */
const LIVE_ORDER = sql`o.status NOT IN ('draft', 'awaiting_payment', 'canceled', 'refund_pending', 'refunded')`;

const MEMBER_NAME = sql`COALESCE(
  NULLIF(btrim(concat_ws(' ', i.first_name, i.last_name)), ''),
  NULLIF(btrim(concat_ws(' ', o.shipping->>'firstName', o.shipping->>'lastName')), ''),
  i.email)`;

/** Which boxes are at a stage at `now` (the same rules as the member's tracker, cycleStage). */
function stageWhere(stage: FulfilmentStage, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (stage) {
    case 'build':
      return sql`b.shipped_at IS NULL AND b.build_deadline_at > ${at}`;
    case 'assembly':
      return sql`b.shipped_at IS NULL AND b.build_deadline_at <= ${at}`;
    case 'shipping':
      return sql`b.shipped_at IS NOT NULL AND b.delivered_at IS NULL`;
    case 'delivered':
      // Delivered boxes of the members' current cycles; older ones are history.
      return sql`b.delivered_at IS NOT NULL AND b.is_current`;
  }
}

export function stageOf(row: Row, now: Date): FulfilmentStage {
  if (row.delivered_at) return 'delivered';
  if (row.shipped_at) return 'shipping';
  return new Date(row.build_deadline_at as string) > now ? 'build' : 'assembly';
}

const BOX_SORTS: Record<AdminFulfilmentBoxQuery['sort'], SQL> = {
  deadline: sql`b.build_deadline_at`,
  member: sql`b.member_name`,
  email: sql`b.email`,
  order: sql`b.order_number`,
};

const CART_SORTS: Record<AdminCartOrderQuery['sort'], SQL> = {
  paid: sql`o.paid_at`,
  order: sql`o.order_number`,
  email: sql`i.email`,
  total: sql`o.total_cents`,
};

/**
 * Every box to pack, as one row set `b`: the paid cycle boxes (their stage from the billing
 * cycle), and the replacement boxes (kind `replacement`, docs/product.md#cancel-offers), which
 * belong to no cycle: one is ready to pack from the moment it was granted (its "deadline" is then,
 * so it is at Assembly), assembled while its order is `processing`, shipped with the order, and
 * stays under Delivered until the member's next box is paid, as a cycle's box does.
 */
const BOXES = sql`(
  SELECT o.id AS order_id, o.identity_id, o.order_number, i.email, ${MEMBER_NAME} AS member_name,
    'box' AS box_kind, to_char(bc.starts_at AT TIME ZONE 'UTC', 'FMMonth YYYY') AS box_month,
    bc.cycle_index, bc.build_deadline_at, bc.assembled_at, bc.shipped_at, bc.delivered_at,
    o.tracking_number, (bc.order_id = s.current_order_id) AS is_current
  FROM billing_cycles bc
  JOIN subscriptions s ON s.id = bc.subscription_id
  JOIN orders o ON o.id = bc.order_id
  JOIN identities i ON i.id = o.identity_id
  WHERE bc.status = 'billed' AND ${LIVE_ORDER}
  UNION ALL
  SELECT o.id, o.identity_id, o.order_number, i.email, ${MEMBER_NAME},
    'replacement', to_char(COALESCE(o.paid_at, o.created_at) AT TIME ZONE 'UTC', 'FMMonth YYYY'),
    0, COALESCE(o.paid_at, o.created_at),
    CASE WHEN o.status = 'processing' THEN o.updated_at END,
    o.shipped_at,
    CASE WHEN o.status IN ('delivered', 'completed') THEN o.updated_at END,
    o.tracking_number,
    NOT EXISTS (
      SELECT 1 FROM orders n WHERE n.identity_id = o.identity_id AND n.kind IN ('first_box', 'cycle_box')
        AND n.paid_at > COALESCE(o.paid_at, o.created_at))
  FROM orders o JOIN identities i ON i.id = o.identity_id
  WHERE o.kind = 'replacement' AND ${LIVE_ORDER}
) b`;

function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

export async function itemsByOrder(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, FulfilmentItem[]>> {
  const byOrder = new Map<string, FulfilmentItem[]>();
  if (!orderIds.length) return byOrder;
  const result = await db.execute<Row>(sql`
    SELECT oi.order_id, p.id AS product_id, p.title, b.name AS brand, p.flavor, oi.is_prime_pick, oi.quantity,
      (oi.list_price_cents IS NOT NULL) AS is_tub
    FROM order_items oi JOIN products p ON p.id = oi.product_id JOIN brands b ON b.id = p.brand_id
    WHERE oi.order_id IN (${idList(orderIds)})
    ORDER BY (oi.list_price_cents IS NOT NULL), oi.is_prime_pick DESC, oi.created_at, p.title`);
  for (const r of result.rows) {
    const list = byOrder.get(r.order_id as string) ?? [];
    list.push({
      productId: Number(r.product_id),
      title: r.title as string,
      brand: r.brand as string,
      flavor: r.flavor as string,
      isPrimePick: Boolean(r.is_prime_pick),
      quantity: Number(r.quantity ?? 1),
      // A tub line of a box (docs/product.md#next-box-extras) or a cart order's: it has a list price.
      isTub: Boolean(r.is_tub),
    });
    byOrder.set(r.order_id as string, list);
  }
  return byOrder;
}

/** The boxes among `orderIds` as they are now, by order id (an id that is no box is absent). */
export async function fulfilmentBoxesByOrder(db: Db, orderIds: readonly string[]): Promise<Map<string, Row>> {
  const result = await db.execute<Row>(sql`
      SELECT b.* FROM ${BOXES} WHERE b.order_id IN (${idList(orderIds)})`);
  return new Map(result.rows.map((r) => [r.order_id as string, r]));
}

/** One page of the boxes at a stage at `now`, with how many there are. */
export async function fulfilmentBoxPage(
  db: Db,
  query: AdminFulfilmentBoxQuery,
  now: Date,
): Promise<{ rows: Row[]; total: number }> {
  const where = stageWhere(query.stage, now);
  const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
  const [rows, count] = await Promise.all([
    db.execute<Row>(sql`
          SELECT b.* FROM ${BOXES} WHERE ${where}
          ORDER BY ${BOX_SORTS[query.sort]} ${direction}, b.order_id
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${BOXES} WHERE ${where}`),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** The head of one box's, replacement's or tub order's packing list; absent for any other order. */
export async function packingListHead(db: Db, orderId: string): Promise<Row | undefined> {
  const result = await db.execute<Row>(sql`
        SELECT o.id AS order_id, o.order_number, o.kind, o.shipping, o.tracking_number, i.email,
          ${MEMBER_NAME} AS member_name,
          to_char((CASE WHEN o.kind = 'replacement' THEN o.paid_at ELSE bc.starts_at END) AT TIME ZONE 'UTC',
            'FMMonth YYYY') AS box_month
        FROM orders o JOIN identities i ON i.id = o.identity_id
        LEFT JOIN billing_cycles bc ON bc.order_id = o.id AND bc.status = 'billed'
        WHERE o.id = ${orderId} AND ${LIVE_ORDER}
          AND (o.kind IN ('cart', 'replacement', 'tub_plan') OR bc.id IS NOT NULL)`);
  return result.rows[0];
}

/** One page of the tub orders (cart and tub plan) to ship or shipped, with how many there are. */
export async function tubOrderPage(
  db: Db,
  query: AdminCartOrderQuery,
): Promise<{ rows: Row[]; total: number }> {
  const where =
    query.status === 'to_ship'
      ? sql`o.kind IN ('cart', 'tub_plan') AND o.status IN ('paid', 'processing')`
      : sql`o.kind IN ('cart', 'tub_plan') AND o.status IN ('shipped', 'delivered', 'completed')`;
  const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
  const from = sql`FROM orders o JOIN identities i ON i.id = o.identity_id`;
  const [rows, count] = await Promise.all([
    db.execute<Row>(sql`
          SELECT o.id AS order_id, o.order_number, i.email, ${MEMBER_NAME} AS member_name, o.paid_at,
            o.total_cents, o.status, o.shipped_at, o.tracking_number
          ${from} WHERE ${where}
          ORDER BY ${CART_SORTS[query.sort]} ${direction} NULLS LAST, o.id
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${from} WHERE ${where}`),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** Which of `orderIds` are paid tub orders (cart or tub plan) not taken back. */
export async function liveTubOrderIds(db: Db, orderIds: readonly string[]): Promise<Set<string>> {
  const found = await db.execute<{ id: string }>(sql`
        SELECT o.id FROM orders o WHERE o.kind IN ('cart', 'tub_plan') AND ${LIVE_ORDER}
          AND o.id IN (${idList(orderIds)})`);
  return new Set(found.rows.map((r) => r.id));
}
