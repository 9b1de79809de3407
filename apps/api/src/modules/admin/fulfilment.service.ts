import type {
  AdminBatchResult,
  AdminCartOrder,
  AdminCartOrderQuery,
  AdminFulfilmentBox,
  AdminFulfilmentBoxQuery,
  AdminPackingList,
  FulfilmentItem,
  FulfilmentStage,
  Page,
} from '@store/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';
import {
  type AssemblyPicks,
  assembleBoxIn,
  assembleReplacementIn,
  assemblyPicksOf,
  deliverBoxIn,
  deliverReplacementIn,
  type Ranker,
  sendQueuedMails,
  shipBoxIn,
  shipCartOrderIn,
  shipReplacementIn,
} from '../cycles/index.ts';
import type { Mailer } from '../mail/index.ts';
import { insertAuditRow } from './admin.repository.ts';
import type { Actor } from './admin.service.ts';

export interface FulfilmentDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  rank: Ranker;
  /** Absolute links in the shipped mails. */
  webUrl: string;
  log?: { error(obj: object, msg: string): void };
}

type Row = Record<string, unknown>;

const iso = (value: unknown): string | null =>
  value == null ? null : new Date(value as string).toISOString();

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

function stageOf(row: Row, now: Date): FulfilmentStage {
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

async function itemsByOrder(db: Db, orderIds: readonly string[]): Promise<Map<string, FulfilmentItem[]>> {
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

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

/**
 * The back office's fulfillment (docs/product.md#back-office): cycle boxes by stage and paid cart orders,
 * paged and sorted in SQL; batch actions that call the cycle engine inside one transaction with
 * their audit rows, then send the queued mails. A batch naming a box that is not one answers
 * 404 and changes nothing; a step already done is `unchanged` and mails nothing again.
 */
export function createFulfilmentService({ db, clock, mailer, rank, log, webUrl }: FulfilmentDeps) {
  async function audit(
    tx: Db,
    actor: Actor,
    action: string,
    orderId: string,
    before: object,
    after: object,
    at: Date,
  ) {
    await insertAuditRow(tx, {
      actorIdentityId: actor.id,
      actorEmail: actor.email,
      action,
      entityType: 'order',
      entityId: orderId,
      before,
      after,
      createdAt: at,
    });
  }

  /** The boxes of the batch as they are now; 404 when one is not a paid cycle box. */
  async function boxesOf(orderIds: readonly string[], now: Date) {
    const result = await db.execute<Row>(sql`
      SELECT b.* FROM ${BOXES} WHERE b.order_id IN (${idList(orderIds)})`);
    const byId = new Map(result.rows.map((r) => [r.order_id as string, r]));
    for (const id of orderIds) if (!byId.has(id)) throw notFound('That box');
    return orderIds.map((id) => {
      const row = byId.get(id)!;
      return {
        row,
        stage: stageOf(row, now),
        identityId: row.identity_id as string,
        isReplacement: row.box_kind === 'replacement',
      };
    });
  }

  async function picksFor(boxes: { stage: FulfilmentStage; identityId: string; isReplacement: boolean }[]) {
    const picks = new Map<string, AssemblyPicks>();
    for (const box of boxes) {
      if (box.stage === 'build' && !box.isReplacement && !picks.has(box.identityId)) {
        picks.set(box.identityId, await assemblyPicksOf(db, rank, box.identityId));
      }
    }
    return picks;
  }

  async function afterCommit(at: Date) {
    await sendQueuedMails(db, mailer, at, log);
  }

  const noPicks: AssemblyPicks = { ranked: [], sampled: [] };

  return {
    async listBoxes(query: AdminFulfilmentBoxQuery): Promise<Page<AdminFulfilmentBox>> {
      const now = clock();
      const where = stageWhere(query.stage, now);
      const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
      const [rows, count] = await Promise.all([
        db.execute<Row>(sql`
          SELECT b.* FROM ${BOXES} WHERE ${where}
          ORDER BY ${BOX_SORTS[query.sort]} ${direction}, b.order_id
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
        db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${BOXES} WHERE ${where}`),
      ]);
      const items = await itemsByOrder(
        db,
        rows.rows.map((r) => r.order_id as string),
      );
      return {
        items: rows.rows.map((r) => ({
          orderId: r.order_id as string,
          orderNumber: r.order_number as string,
          kind: r.box_kind === 'replacement' ? ('replacement' as const) : ('box' as const),
          memberName: r.member_name as string,
          email: r.email as string,
          boxMonth: r.box_month as string,
          cycleIndex: Number(r.cycle_index),
          stage: stageOf(r, now),
          buildDeadlineAt: iso(r.build_deadline_at)!,
          assembledAt: iso(r.assembled_at),
          shippedAt: iso(r.shipped_at),
          deliveredAt: iso(r.delivered_at),
          trackingNumber: (r.tracking_number as string | null) ?? null,
          items: items.get(r.order_id as string) ?? [],
        })),
        total: Number(count.rows[0]?.n ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Closes the build window early (auto-choosing open samples) and records the box assembled. */
    async assemble(actor: Actor, orderIds: readonly string[]): Promise<AdminBatchResult> {
      const at = clock();
      const boxes = await boxesOf(orderIds, at);
      const picks = await picksFor(boxes);
      const results = await db.transaction(async (tx) => {
        const out: AdminBatchResult['results'] = [];
        for (const box of boxes) {
          const orderId = box.row.order_id as string;
          const changed =
            (box.stage === 'build' || box.stage === 'assembly') &&
            (box.isReplacement
              ? await assembleReplacementIn(tx, orderId, at)
              : await assembleBoxIn(tx, orderId, at, picks.get(box.identityId) ?? noPicks));
          if (changed) {
            await audit(
              tx,
              actor,
              'box.assemble',
              orderId,
              { stage: box.stage },
              { stage: 'assembly', assembledAt: at.toISOString() },
              at,
            );
          }
          out.push({ orderId, outcome: changed ? 'changed' : 'unchanged' });
        }
        return out;
      });
      return { results };
    },

    /** Ships boxes with their tracking numbers (a box still in Build Your Box is assembled first). */
    async ship(
      actor: Actor,
      shipments: readonly { orderId: string; trackingNumber: string }[],
    ): Promise<AdminBatchResult> {
      const at = clock();
      const boxes = await boxesOf(
        shipments.map((s) => s.orderId),
        at,
      );
      const picks = await picksFor(boxes);
      const results = await db.transaction(async (tx) => {
        const out: AdminBatchResult['results'] = [];
        for (const [index, box] of boxes.entries()) {
          const orderId = box.row.order_id as string;
          const trackingNumber = shipments[index]!.trackingNumber;
          let changed = false;
          if (box.isReplacement) {
            // Packed as it holds (docs/product.md#cancel-offers): nothing to choose first.
            changed = await shipReplacementIn(tx, orderId, at, webUrl, trackingNumber);
          } else if (box.stage === 'build' || box.stage === 'assembly') {
            if (!box.row.assembled_at)
              await assembleBoxIn(tx, orderId, at, picks.get(box.identityId) ?? noPicks);
            changed = await shipBoxIn(tx, orderId, at, webUrl, trackingNumber);
          }
          if (changed) {
            await audit(
              tx,
              actor,
              'box.ship',
              orderId,
              { stage: box.stage, trackingNumber: null },
              { stage: 'shipping', shippedAt: at.toISOString(), trackingNumber },
              at,
            );
          }
          out.push({ orderId, outcome: changed ? 'changed' : 'unchanged' });
        }
        return out;
      });
      await afterCommit(at);
      return { results };
    },

    async deliver(actor: Actor, orderIds: readonly string[]): Promise<AdminBatchResult> {
      const at = clock();
      const boxes = await boxesOf(orderIds, at);
      const notShipped = boxes.find((b) => b.stage === 'build' || b.stage === 'assembly');
      if (notShipped) {
        throw conflict(
          `Box ${notShipped.row.order_number as string} has not shipped yet; ship it before marking it delivered.`,
        );
      }
      const results = await db.transaction(async (tx) => {
        const out: AdminBatchResult['results'] = [];
        for (const box of boxes) {
          const orderId = box.row.order_id as string;
          const changed =
            box.stage === 'shipping' &&
            (box.isReplacement
              ? await deliverReplacementIn(tx, orderId, at)
              : await deliverBoxIn(tx, orderId, at));
          if (changed) {
            await audit(
              tx,
              actor,
              'box.deliver',
              orderId,
              { stage: 'shipping' },
              { stage: 'delivered', deliveredAt: at.toISOString() },
              at,
            );
          }
          out.push({ orderId, outcome: changed ? 'changed' : 'unchanged' });
        }
        return out;
      });
      return { results };
    },

    /** What goes into one box or cart order, and where it goes. */
    async packingList(orderId: string): Promise<AdminPackingList | undefined> {
      const result = await db.execute<Row>(sql`
        SELECT o.id AS order_id, o.order_number, o.kind, o.shipping, o.tracking_number, i.email,
          ${MEMBER_NAME} AS member_name,
          to_char((CASE WHEN o.kind = 'replacement' THEN o.paid_at ELSE bc.starts_at END) AT TIME ZONE 'UTC',
            'FMMonth YYYY') AS box_month
        FROM orders o JOIN identities i ON i.id = o.identity_id
        LEFT JOIN billing_cycles bc ON bc.order_id = o.id AND bc.status = 'billed'
        WHERE o.id = ${orderId} AND ${LIVE_ORDER}
          AND (o.kind IN ('cart', 'replacement', 'tub_plan') OR bc.id IS NOT NULL)`);
      const row = result.rows[0];
      if (!row) return undefined;
      const items = await itemsByOrder(db, [orderId]);
      const shipping = row.shipping as Record<string, string | null> | null;
      return {
        orderId,
        orderNumber: row.order_number as string,
        // A tub plan's delivery is packed and shipped as a tub order (docs/product.md#tub-plans).
        kind:
          row.kind === 'cart' || row.kind === 'tub_plan'
            ? 'cart'
            : row.kind === 'replacement'
              ? 'replacement'
              : 'box',
        memberName: row.member_name as string,
        email: row.email as string,
        boxMonth: (row.box_month as string | null) ?? null,
        shipTo: shipping
          ? {
              name: [shipping.firstName, shipping.lastName].filter(Boolean).join(' '),
              street1: shipping.street1 ?? '',
              street2: shipping.street2 ?? '',
              city: shipping.city ?? '',
              state: shipping.state ?? '',
              postalCode: shipping.postalCode ?? '',
            }
          : null,
        trackingNumber: (row.tracking_number as string | null) ?? null,
        items: items.get(orderId) ?? [],
      };
    },

    async listCartOrders(query: AdminCartOrderQuery): Promise<Page<AdminCartOrder>> {
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
      const items = await itemsByOrder(
        db,
        rows.rows.map((r) => r.order_id as string),
      );
      return {
        items: rows.rows.map((r) => ({
          orderId: r.order_id as string,
          orderNumber: r.order_number as string,
          memberName: r.member_name as string,
          email: r.email as string,
          paidAt: iso(r.paid_at),
          totalCents: Number(r.total_cents),
          status: r.status as string,
          shippedAt: iso(r.shipped_at),
          trackingNumber: (r.tracking_number as string | null) ?? null,
          items: items.get(r.order_id as string) ?? [],
        })),
        total: Number(count.rows[0]?.n ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async shipCartOrders(
      actor: Actor,
      shipments: readonly { orderId: string; trackingNumber: string }[],
    ): Promise<AdminBatchResult> {
      const at = clock();
      const found = await db.execute<{ id: string }>(sql`
        SELECT o.id FROM orders o WHERE o.kind IN ('cart', 'tub_plan') AND ${LIVE_ORDER}
          AND o.id IN (${idList(shipments.map((s) => s.orderId))})`);
      const known = new Set(found.rows.map((r) => r.id));
      for (const s of shipments) if (!known.has(s.orderId)) throw notFound('That order');
      const results = await db.transaction(async (tx) => {
        const out: AdminBatchResult['results'] = [];
        for (const { orderId, trackingNumber } of shipments) {
          const changed = await shipCartOrderIn(tx, orderId, at, webUrl, trackingNumber);
          if (changed) {
            await audit(
              tx,
              actor,
              'order.ship',
              orderId,
              { status: 'paid' },
              { status: 'shipped', trackingNumber },
              at,
            );
          }
          out.push({ orderId, outcome: changed ? 'changed' : 'unchanged' });
        }
        return out;
      });
      await afterCommit(at);
      return { results };
    },
  };
}
