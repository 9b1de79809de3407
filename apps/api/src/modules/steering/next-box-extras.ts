import { randomUUID } from 'node:crypto';
import {
  type AddToNextBoxBody,
  centsToDollars,
  NEXT_BOX_MAX_QUANTITY,
  type NextBoxExtras,
  productName,
  SubscriptionMessages,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { extraProductOf, type NextBoxExtraRow, nextBoxExtrasOf } from '../../read-models/next-box-extras.ts';
import { memberPriceCents, tubStock } from '../catalog/index.ts';
import type { Mailer } from '../mail/index.ts';
import { insertItems } from '../orders/index.ts';
import {
  addDays,
  type MembershipChange,
  type SubscriptionRow,
  cycleStore as store,
} from '../subscriptions/index.ts';
import { extraAddedMail, extraLeftOutMail, extraRemovedMail } from './steering.mail.tsx';

/*
 * Full-size tubs added to the next box (docs/product.md#next-box-extras): kept per membership
 * until the next renewal that charges, which makes each one a tub line of its order (member
 * price, quantity, list price) in the same charge, or leaves it out when it is out of stock.
 */

export const ExtrasMessages = {
  notUnlocked: 'This tub unlocks once it has been in one of your boxes. Try its sample first.',
  notActive: 'Your membership is not active, so there is no next box to add to.',
  pastDue: 'Your last payment did not go through. Please update your card first.',
  tooMany: `A box takes up to ${NEXT_BOX_MAX_QUANTITY} tubs of one product.`,
  unknown: 'That product is not in our catalog.',
};

/**
 * The listener of "membership changed": a member's (or the operator's) cancel drops the tubs
 * waiting for the next box, uncharged, in the cancel's transaction. A membership the cycle engine
 * ends unpaid keeps them, as it always has.
 */
export async function dropExtrasOnCancel(tx: Tx, change: MembershipChange): Promise<void> {
  if (change.kind !== 'canceled') return;
  await tx.execute(sql`DELETE FROM next_box_extras WHERE subscription_id = ${change.subscriptionId}`);
}

export interface ExtrasDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  webUrl: string;
  /** Products the member has had in a paid box: only those can be added. */
  unlockedProductIds: (identityId: string) => Promise<Set<number>>;
}

type ExtraRow = NextBoxExtraRow;

async function extrasOf(db: Db, subscriptionId: string): Promise<ExtraRow[]> {
  return nextBoxExtrasOf(db, subscriptionId);
}

const lineOf = (row: Pick<ExtraRow, 'title' | 'flavor' | 'quantity'>) =>
  `${productName(row)}${Number(row.quantity) > 1 ? ` x${row.quantity}` : ''}`;

/** The next date that charges (skipped and paused renewal dates are passed over). */
const chargingDate = (sub: SubscriptionRow) => addDays(sub.nextBillingAt, sub.skipCycles * sub.scheduleDays);

/** The member's membership that is not canceled (or else the latest), optionally locked. */
const membershipOf = (db: Db, identityId: string, lock = false) =>
  store.memberMembership(db, identityId, lock);

export type NextBoxExtrasService = ReturnType<typeof createNextBoxExtras>;

export function createNextBoxExtras(deps: ExtrasDeps) {
  const { db, clock } = deps;

  async function list(identityId: string): Promise<NextBoxExtras> {
    const sub = await membershipOf(db, identityId);
    if (!sub || sub.status === 'canceled') return { billingDate: null, items: [] };
    const rows = await extrasOf(db, sub.id);
    return {
      billingDate: chargingDate(sub).toISOString(),
      items: rows.map((r) => ({
        id: r.id,
        productId: Number(r.product_id),
        productName: productName(r),
        quantity: Number(r.quantity),
        memberPrice: centsToDollars(memberPriceCents(Number(r.list_price_cents), Number(r.discount_percent))),
      })),
    };
  }

  return {
    /** GET /order/NextBoxExtras. */
    list,

    /** POST /order/AddToNextBox: an unlocked product (403 otherwise); the same product again adds to its quantity. */
    async add(identityId: string, body: AddToNextBoxBody): Promise<NextBoxExtras> {
      const found = await extraProductOf(db, body.productId);
      if (!found?.is_active) throw notFound('That product');
      if (!(await deps.unlockedProductIds(identityId)).has(body.productId)) {
        throw forbidden(ExtrasMessages.notUnlocked);
      }
      const at = clock();
      let billing: Date | null = null;
      let line = '';
      await db.transaction(async (tx) => {
        const sub = await membershipOf(tx, identityId, true);
        if (!sub) throw conflict(SubscriptionMessages.noMembership);
        if (sub.status === 'canceled') throw conflict(ExtrasMessages.notActive);
        if (sub.status === 'past_due') throw conflict(ExtrasMessages.pastDue);
        const existing = await tx.execute<{ quantity: number }>(
          sql`SELECT quantity FROM next_box_extras WHERE subscription_id = ${sub.id} AND product_id = ${body.productId}`,
        );
        const quantity = Number(existing.rows[0]?.quantity ?? 0) + body.quantity;
        if (quantity > NEXT_BOX_MAX_QUANTITY) {
          throw badRequest(ExtrasMessages.tooMany, { quantity: ExtrasMessages.tooMany });
        }
        await tx.execute(sql`
          INSERT INTO next_box_extras (id, subscription_id, product_id, quantity, created_at)
          VALUES (${randomUUID()}, ${sub.id}, ${body.productId}, ${quantity}, ${at.toISOString()})
          ON CONFLICT (subscription_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity`);
        await store.recordEvent(tx, {
          subscriptionId: sub.id,
          actor: 'member',
          kind: 'next_box_extra_added',
          detail: { productId: body.productId, quantity },
          at,
        });
        billing = chargingDate(sub);
        line = lineOf({ title: found.title, flavor: found.flavor, quantity: body.quantity });
      });
      const email = await store.emailOf(db, identityId);
      try {
        if (email) await deps.mailer.send(await extraAddedMail(email, line, billing, deps.webUrl));
      } catch {
        // Added whether or not the confirmation could be sent.
      }
      return list(identityId);
    },

    /** POST /order/RemoveFromNextBox: one of the member's own waiting tubs (404 otherwise); mailed. */
    async remove(identityId: string, itemId: string): Promise<NextBoxExtras> {
      const sub = await membershipOf(db, identityId);
      const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      if (!sub || !UUID.test(itemId)) throw notFound('That tub');
      const at = clock();
      const line = await db.transaction(async (tx) => {
        const deleted = await tx.execute<{ product_id: number; quantity: number }>(sql`
          DELETE FROM next_box_extras x
          WHERE x.id = ${itemId.toLowerCase()} AND x.subscription_id = ${sub.id}
          RETURNING x.product_id, x.quantity`);
        const removed = deleted.rows[0];
        // A tub whose product is gone answers 404 and the throw undoes the delete, as the join did.
        const product = removed && (await extraProductOf(tx, Number(removed.product_id)));
        if (!removed || !product) throw notFound('That tub');
        const row = { ...removed, title: product.title, flavor: product.flavor };
        // Every change of the membership is in its history (docs/product.md#steering-your-membership).
        await store.recordEvent(tx, {
          subscriptionId: sub.id,
          actor: 'member',
          kind: 'next_box_extra_removed',
          detail: { productId: Number(row.product_id), quantity: Number(row.quantity) },
          at,
        });
        return lineOf(row);
      });
      const email = await store.emailOf(db, identityId);
      try {
        if (email)
          await deps.mailer.send(await extraRemovedMail(email, line, chargingDate(sub), deps.webUrl));
      } catch {
        // Removed whether or not the confirmation could be sent.
      }
      return list(identityId);
    },
  };
}

/**
 * Inside the renewal's transaction (renewal-hook.ts): each waiting tub becomes a tub line of the
 * new box's order at the member price, its stock taken; one out of stock is left out and the
 * member is told by mail. Nothing waits afterwards: the next box starts empty of extras.
 */
export async function moveExtrasIntoBox(
  tx: Db,
  sub: { id: string; identityId: string },
  orderId: string,
  at: Date,
  webUrl: string,
): Promise<boolean> {
  const rows = await nextBoxExtrasOf(tx, sub.id, true);
  if (rows.length === 0) return false;
  const leftOut: string[] = [];
  for (const row of rows) {
    const quantity = Number(row.quantity);
    // Taken only when there is enough: two renewals at once never sell the same last tub twice.
    const taken = row.is_active ? await tubStock.take(tx, Number(row.product_id), quantity) : false;
    if (!taken) {
      leftOut.push(lineOf(row));
      continue;
    }
    const list = Number(row.list_price_cents);
    await insertItems(tx, orderId, [
      {
        id: randomUUID(),
        productId: Number(row.product_id),
        isPrimePick: false,
        priceCents: memberPriceCents(list, Number(row.discount_percent)) * quantity,
        quantity,
        listPriceCents: list,
        createdAt: at,
      },
    ]);
  }
  await tx.execute(sql`DELETE FROM next_box_extras WHERE subscription_id = ${sub.id}`);
  if (leftOut.length > 0) {
    const email = await store.emailOf(tx, sub.identityId);
    if (email) {
      await store.queueMail(
        tx,
        `extras-left-out:${sub.id}:${orderId}`,
        await extraLeftOutMail(email, leftOut, webUrl),
        at,
      );
    }
  }
  return true;
}
