import { randomUUID } from 'node:crypto';
import { type CancelOffer, type CancelOfferKind, SubscriptionMessages } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { conflict } from '../../http/errors.ts';
import { issueReportMail, type Mailer } from '../mail/index.ts';
import * as ordersRepo from '../orders/index.ts';
import { SAMPLED_STATUSES } from '../orders/index.ts';
import {
  addDays,
  membershipTime,
  type SubscriptionRow,
  cycleStore as store,
} from '../subscriptions/index.ts';
import { swapPrimePicksToNewBrands } from './new-brands.ts';
import { cancelOfferAcceptedMail, dateOf, dollars } from './steering.mail.tsx';

/** Renewal dates the "No Longer Needed" pause passes over (docs/product.md#cancel-offers). */
export const OFFER_PAUSE_BOXES = 2;

/** Each reason's one offer, by reason id (docs/product.md#cancel-offers). */
export const OFFER_KIND_BY_REASON: Record<number, CancelOfferKind> = {
  0: 'new_brands',
  1: 'half_price_box',
  2: 'replacement_box',
  3: 'pause_two_boxes',
};

export const OfferMessages = {
  notActive: 'Your membership is not active, so there is no offer to take.',
  pastDue: 'Your last payment did not go through. Please update your card first.',
  taken: 'You have already taken this offer for this reason. You can still cancel below.',
};

/** A box that has left the warehouse. */
const SHIPPED_STATUSES = ['shipped', 'delivered', 'completed'] as const;

/** Half the box's price, rounded down to the cent in the member's favour. */
export const halfPriceDiscountCents = (priceCents: number) => Math.ceil(priceCents / 2);

/** The words of an offer for this membership. */
export function offerFor(reason: number, sub: Pick<SubscriptionRow, 'priceCents'>): CancelOffer {
  const kind = OFFER_KIND_BY_REASON[reason]!;
  switch (kind) {
    case 'new_brands':
      return {
        kind,
        title: 'Two brands you have not tried yet',
        description:
          'We swap both prime picks of your coming box for products from brands you have never had in a box, picked from your quiz matches. Nothing else changes and nothing extra is charged.',
      };
    case 'half_price_box': {
      const price = sub.priceCents;
      return {
        kind,
        title: 'Your next box at half price',
        description: `Your next box costs ${dollars(price - halfPriceDiscountCents(price))} instead of ${dollars(price)} (plus handling and tax as usual). The boxes after it are back at the usual price.`,
      };
    }
    case 'replacement_box':
      return {
        kind,
        title: 'A replacement box on us',
        description:
          'We tell our team what went wrong so they can follow up, and send you a new box with the same samples as your last one, at no charge.',
      };
    case 'pause_two_boxes':
      return {
        kind,
        title: 'A break of two boxes',
        description:
          'Your next two renewal dates pass without a box or a charge; then your membership resumes by itself. You can resume earlier from your delivery schedule.',
      };
  }
}

/**
 * What the "Applied:" mail lists for each offer (docs/product.md#cancel-offers); the dev mail
 * previews render the same words.
 */
export const appliedLines = {
  /** `new_brands` on the box being built, before its deadline. */
  newBrandsNow: (names: string[], buildDeadlineAt: Date) => [
    `Your box's prime picks now come from brands you have not tried: ${names.join(' and ')}.`,
    `You can still choose your other 2 samples until ${dateOf(buildDeadlineAt)}.`,
  ],
  /** `new_brands` kept for the next renewal's box. */
  newBrandsNext: (billingAt: Date) => [
    `Your next box, billed on ${dateOf(billingAt)}, gets 2 prime picks from brands you have not tried.`,
  ],
  halfPrice: (billingAt: Date, priceCents: number) => [
    `Your next box, billed on ${dateOf(billingAt)}, costs ${dollars(priceCents - halfPriceDiscountCents(priceCents))} instead of ${dollars(priceCents)} (plus handling and tax).`,
  ],
  replacement: (names: string[]) => [
    `A replacement box at no charge${names.length ? `: ${names.join(', ')}` : ''}. It ships with our next packing round.`,
    'Our team has your note and will follow up by email.',
  ],
  pause: (skip: number, resumesAt: Date) => [
    `Your next ${skip} renewal dates pass with no box and no charge.`,
    `Your membership resumes by itself; the next box is billed on ${dateOf(resumesAt)}.`,
  ],
};

export interface CancelOffersDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  webUrl: string;
  storeEmail: string;
  /** The products the member may have in this box, best match first (the quiz's matching). */
  rankedChoices: (identityId: string, orderId: string) => Promise<number[]>;
}

/** The member's membership that is not canceled, locked; else their latest one, locked. */
async function lockMembership(tx: Db, identityId: string): Promise<SubscriptionRow> {
  const row = await store.memberMembership(tx, identityId, true);
  if (!row) throw conflict(SubscriptionMessages.noMembership);
  return row;
}

function requireLive(sub: SubscriptionRow) {
  if (sub.status === 'canceled') throw conflict(OfferMessages.notActive);
  if (sub.status === 'past_due') throw conflict(OfferMessages.pastDue);
}

export type CancelOffers = ReturnType<typeof createCancelOffers>;

/**
 * Before a member leaves, one offer that answers their reason (docs/product.md#cancel-offers):
 * shown once per membership and reason (the first GET counts as shown), taken at most once
 * (a second acceptance answers 409), applied with nothing more to choose, and mailed.
 */
export function createCancelOffers(deps: CancelOffersDeps) {
  const { db, clock } = deps;

  async function tx<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (t) => work(t));
  }

  /** Applies one offer inside the acceptance's transaction; answers the lines the mail lists. */
  async function apply(
    t: Db,
    sub: SubscriptionRow,
    kind: CancelOfferKind,
    offerId: string,
    at: Date,
    /** The member's choices for the box being built, ranked before the transaction (it reads outside it). */
    ranking: { orderId: string; ranked: number[] } | undefined,
  ): Promise<{ lines: string[]; note?: { orderNumber: string | null } }> {
    switch (kind) {
      case 'new_brands': {
        // The box being built now gets them at once; otherwise the next renewal's box does.
        const cycle = await store.latestCycle(t, sub.id);
        const order = cycle?.orderId ? await ordersRepo.findOrder(t, cycle.orderId) : undefined;
        if (
          cycle?.status === 'billed' &&
          order?.status === 'paid' &&
          // Read at the membership's time: the dev clock may have moved the cycle past its deadline.
          membershipTime(at, cycle) < cycle.buildDeadlineAt &&
          ranking?.orderId === order.id
        ) {
          const ranked = ranking.ranked;
          const swapped = await swapPrimePicksToNewBrands(t, sub.identityId, order.id, ranked);
          if (swapped.to.length > 0) {
            await t.execute(
              sql`UPDATE cancel_offers SET applied_order_id = ${order.id} WHERE id = ${offerId}`,
            );
            const names = await store.itemNamesOf(t, order.id);
            return { lines: appliedLines.newBrandsNow(names.slice(0, 2), cycle.buildDeadlineAt) };
          }
        }
        return {
          lines: appliedLines.newBrandsNext(addDays(sub.nextBillingAt, sub.skipCycles * sub.scheduleDays)),
        };
      }
      case 'half_price_box': {
        // Applied by the next renewal (renewal-hook.ts), which marks the offer applied.
        const next = addDays(sub.nextBillingAt, sub.skipCycles * sub.scheduleDays);
        return { lines: appliedLines.halfPrice(next, sub.priceCents) };
      }
      case 'replacement_box': {
        // The box the member had the experience with: the latest one that shipped, else the
        // latest paid one (a member may leave before their first box ships).
        const last =
          (await ordersRepo.latestOrderOf(t, sub.identityId, ['first_box', 'cycle_box'], SHIPPED_STATUSES)) ??
          (await ordersRepo.latestOrderOf(t, sub.identityId, ['first_box', 'cycle_box'], SAMPLED_STATUSES));
        const items = last ? await ordersRepo.listItems(t, last.id) : [];
        const inserted = await ordersRepo.insertReplacementOrder(t, {
          id: randomUUID(),
          identityId: sub.identityId,
          quizId: last?.quizId ?? null,
          shipping: last?.shipping ?? null,
          deliverySchedule: sub.scheduleIndex,
          at,
        });
        const orderId = inserted!.id;
        // Its samples only: the tubs added to that box (docs/product.md#next-box-extras) are not replaced.
        await ordersRepo.insertItems(
          t,
          orderId,
          items
            .filter((i) => i.listPriceCents === null)
            .map((i) => ({ id: randomUUID(), productId: i.productId, isPrimePick: false, priceCents: 0 })),
        );
        await t.execute(sql`UPDATE cancel_offers SET applied_order_id = ${orderId} WHERE id = ${offerId}`);
        // The note to the team: in the back office's issue reports, and mailed to the store.
        await t.execute(sql`
          INSERT INTO issue_reports (id, identity_id, subscription_id, order_id, text, created_at)
          VALUES (${randomUUID()}, ${sub.identityId}, ${sub.id}, ${last?.id ?? null},
                  ${`Left "Bad Experience" as the reason to cancel and took the replacement box (order ${inserted!.order_number}) instead. Please follow up.`},
                  ${at.toISOString()})`);
        const names = await store.itemNamesOf(t, orderId);
        return { lines: appliedLines.replacement(names), note: { orderNumber: inserted!.order_number } };
      }
      case 'pause_two_boxes': {
        const skip = Math.max(sub.skipCycles, OFFER_PAUSE_BOXES);
        await store.updateSubscription(t, sub.id, { skipCycles: skip, paused: true, updatedAt: at });
        const resumes = addDays(sub.nextBillingAt, skip * sub.scheduleDays);
        return { lines: appliedLines.pause(skip, resumes) };
      }
    }
  }

  /** The current box's ranked choices, read before any transaction (matching reads the whole catalog). */
  async function rankCurrentBox(identityId: string) {
    const orderId = await store.liveCurrentOrderId(db, identityId);
    if (!orderId) return undefined;
    return { orderId, ranked: await deps.rankedChoices(identityId, orderId) };
  }

  return {
    /** GET /user/CancelOffer?cancelReason=N: the offer; the first one per membership and reason counts as shown. */
    async offer(identityId: string, reason: number): Promise<CancelOffer> {
      const at = clock();
      return tx(async (t) => {
        const sub = await lockMembership(t, identityId);
        requireLive(sub);
        const kind = OFFER_KIND_BY_REASON[reason]!;
        await t.execute(sql`
          INSERT INTO cancel_offers (id, subscription_id, reason, kind, offered_at)
          VALUES (${randomUUID()}, ${sub.id}, ${reason}, ${kind}, ${at.toISOString()})
          ON CONFLICT (subscription_id, reason) DO NOTHING`);
        const taken = await t.execute(
          sql`SELECT 1 FROM cancel_offers WHERE subscription_id = ${sub.id} AND reason = ${reason} AND accepted_at IS NOT NULL`,
        );
        if (taken.rows.length > 0) throw conflict(OfferMessages.taken);
        return offerFor(reason, sub);
      });
    },

    /** POST /user/AcceptCancelOffer?cancelReason=N: applies it; the membership stays active; mailed. */
    async accept(identityId: string, reason: number): Promise<CancelOffer> {
      const at = clock();
      const ranking = reason === 0 ? await rankCurrentBox(identityId) : undefined;
      const done = await tx(async (t) => {
        const sub = await lockMembership(t, identityId);
        requireLive(sub);
        const kind = OFFER_KIND_BY_REASON[reason]!;
        await t.execute(sql`
          INSERT INTO cancel_offers (id, subscription_id, reason, kind, offered_at)
          VALUES (${randomUUID()}, ${sub.id}, ${reason}, ${kind}, ${at.toISOString()})
          ON CONFLICT (subscription_id, reason) DO NOTHING`);
        const [row] = (
          await t.execute<{ id: string; accepted_at: string | null }>(
            sql`SELECT id, accepted_at FROM cancel_offers WHERE subscription_id = ${sub.id} AND reason = ${reason} FOR UPDATE`,
          )
        ).rows;
        if (!row || row.accepted_at) throw conflict(OfferMessages.taken);
        const applied = await apply(t, sub, kind, row.id, at, ranking);
        await t.execute(sql`UPDATE cancel_offers SET accepted_at = ${at.toISOString()} WHERE id = ${row.id}`);
        await store.recordEvent(t, {
          subscriptionId: sub.id,
          actor: 'member',
          kind: 'cancel_offer_accepted',
          detail: { reason, offer: kind },
          at,
        });
        return { sub, offer: offerFor(reason, sub), applied };
      });
      const email = await store.emailOf(db, identityId);
      try {
        if (email) {
          await deps.mailer.send(
            await cancelOfferAcceptedMail(
              email,
              { title: done.offer.title, lines: done.applied.lines },
              deps.webUrl,
            ),
          );
        }
        if (done.applied.note) {
          await deps.mailer.send(
            await issueReportMail(
              deps.storeEmail,
              email ?? identityId,
              done.applied.note.orderNumber,
              'The member chose "Bad Experience" as the reason to cancel and took a replacement box instead. Please follow up with them.',
            ),
          );
        }
      } catch {
        // The offer stands whether or not its confirmation could be sent.
      }
      return done.offer;
    },
  };
}

/** Pending offers the next renewal applies (renewal-hook.ts): taken, not yet applied to a box. */
export async function pendingOfferKinds(
  tx: Db,
  subscriptionId: string,
): Promise<{ id: string; kind: CancelOfferKind }[]> {
  const result = await tx.execute<{ id: string; kind: CancelOfferKind }>(sql`
    SELECT id, kind FROM cancel_offers
    WHERE subscription_id = ${subscriptionId} AND accepted_at IS NOT NULL AND applied_order_id IS NULL
      AND kind IN ('new_brands', 'half_price_box')`);
  return result.rows;
}
