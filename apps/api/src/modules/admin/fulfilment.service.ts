import type {
  AdminBatchResult,
  AdminCartOrder,
  AdminCartOrderQuery,
  AdminFulfilmentBox,
  AdminFulfilmentBoxQuery,
  AdminPackingList,
  FulfilmentStage,
  Page,
} from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';
import {
  fulfilmentBoxesByOrder,
  fulfilmentBoxPage,
  itemsByOrder,
  liveTubOrderIds,
  packingListHead,
  stageOf,
  tubOrderPage,
} from '../../read-models/back-office-fulfilment.ts';
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

const iso = (value: unknown): string | null =>
  value == null ? null : new Date(value as string).toISOString();

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
    const byId = await fulfilmentBoxesByOrder(db, orderIds);
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
      const { rows, total } = await fulfilmentBoxPage(db, query, now);
      const items = await itemsByOrder(
        db,
        rows.map((r) => r.order_id as string),
      );
      return {
        items: rows.map((r) => ({
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
        total,
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
      const row = await packingListHead(db, orderId);
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
      const { rows, total } = await tubOrderPage(db, query);
      const items = await itemsByOrder(
        db,
        rows.map((r) => r.order_id as string),
      );
      return {
        items: rows.map((r) => ({
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
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async shipCartOrders(
      actor: Actor,
      shipments: readonly { orderId: string; trackingNumber: string }[],
    ): Promise<AdminBatchResult> {
      const at = clock();
      const known = await liveTubOrderIds(
        db,
        shipments.map((s) => s.orderId),
      );
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
