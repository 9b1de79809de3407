import {
  type AdminMemberDetail,
  type AdminMemberListQuery,
  type AdminMemberRow,
  CANCEL_REASONS,
  type CheckoutIdentity,
  MEMBERSHIP_PLAN_NAME,
  type Page,
} from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import {
  latestMembership,
  memberExists,
  memberHistory,
  memberIdentity,
  memberPage,
  membershipEventIds,
} from '../../read-models/back-office-members.ts';
import { chargeOfOrder } from '../../read-models/back-office-refunds.ts';
import { memberShippingAddress } from '../../read-models/member-shipping.ts';
import { setShippingAddress } from '../accounts/index.ts';
import type { Mailer } from '../mail/index.ts';
import { reshipMemberBoxes } from '../orders/index.ts';
import {
  createSubscriptionActions,
  createSubscriptionsService,
  cycleStore,
  type SubscriptionsHooks,
} from '../subscriptions/index.ts';
import { insertAuditRow } from './admin.repository.ts';
import type { Actor } from './admin.service.ts';
import { type RefundsService, refundedCents } from './refunds.service.ts';

type Raw = Record<string, unknown>;

/** A timestamp column as ISO text (PGlite and node-postgres both answer Date objects). */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

const REFUNDABLE = new Set(['paid', 'processing', 'shipped', 'delivered', 'completed', 'refund_pending']);

export interface MembersDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  storeEmail: string;
  refunds: Pick<RefundsService, 'listForIdentity'>;
  /** The memberships' hook: the operator's actions run the member's rules, which raise it. */
  membershipChanged?: SubscriptionsHooks['membershipChanged'];
}

export type MembersService = ReturnType<typeof createMembersService>;

/**
 * The operator's view of members (docs/product.md#back-office): search, one member's whole story, and the
 * membership actions, which reuse the member's own rules (subscription-actions) inside the
 * transaction that writes the audit row.
 */
export function createMembersService({
  db,
  clock,
  mailer,
  storeEmail,
  refunds,
  membershipChanged,
}: MembersDeps) {
  const latestSubscription = latestMembership;

  async function eventIds(tx: Db, sub: Raw | undefined): Promise<string[]> {
    if (!sub) return [];
    return membershipEventIds(tx, String(sub.id));
  }

  function subscriptionAudit(row: Raw | undefined) {
    if (!row) return null;
    return {
      status: row.status,
      scheduleDays: Number(row.schedule_days),
      nextBillingAt: iso(row.next_billing_at),
      skipCycles: Number(row.skip_cycles),
      paused: Boolean(row.paused),
      cancelReason: row.cancel_reason ?? null,
    };
  }

  /** Runs a member-side action as the operator, with its audit row, in one transaction. */
  async function act(
    actor: Actor,
    identityId: string,
    action: string,
    detail: Record<string, unknown>,
    work: (actions: ReturnType<typeof createSubscriptionActions>) => Promise<unknown>,
  ): Promise<AdminMemberDetail> {
    await db.transaction(async (tx) => {
      if (!(await memberExists(tx, identityId))) throw notFound('That member');
      const before = await latestSubscription(tx, identityId);
      const earlierEvents = await eventIds(tx, before);
      // The member's own rules, on this transaction (their own transaction becomes a savepoint).
      const actions = createSubscriptionActions({
        db: tx,
        clock,
        mailer,
        storeEmail,
        subscriptionOf: createSubscriptionsService({ db: tx, clock }).subscriptionOf,
        renewNow: async () => undefined,
        membershipChanged,
      });
      await work(actions);
      // The member's rules record their events as the member's; these were the operator's.
      const ownEvents = (await eventIds(tx, before)).filter((e) => !earlierEvents.includes(e));
      await cycleStore.markEventsByOperator(tx, ownEvents, actor.email);
      const after = await latestSubscription(tx, identityId);
      await insertAuditRow(tx, {
        actorIdentityId: actor.id,
        actorEmail: actor.email,
        action,
        entityType: 'subscription',
        entityId: String(after?.id ?? before?.id ?? identityId),
        before: subscriptionAudit(before),
        after: { ...subscriptionAudit(after), ...detail, memberId: identityId },
        createdAt: clock(),
      });
    });
    const detailAfter = await getDetail(identityId);
    if (!detailAfter) throw notFound('That member');
    return detailAfter;
  }

  async function getDetail(identityId: string): Promise<AdminMemberDetail | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(identityId)) return undefined;
    const identity = await memberIdentity(db, identityId);
    if (!identity) return undefined;
    const sub = await latestSubscription(db, identityId);
    const [{ cycles, orders, attempts, renewals, disputes, reviews, referredBy, referred }, refundList] =
      await Promise.all([
        memberHistory(
          db,
          {
            id: identityId,
            referralCode: String(identity.referral_code),
            referredByCode: identity.referred_by_code ? String(identity.referred_by_code) : null,
          },
          sub ? String(sub.id) : undefined,
        ),
        refunds.listForIdentity(identityId),
      ]);

    const orderViews = await Promise.all(
      orders.map(async (o) => {
        let refundableCents = 0;
        if (REFUNDABLE.has(String(o.status))) {
          const charge = await chargeOfOrder(db, String(o.id));
          if (charge)
            refundableCents = Math.max(0, charge.amountCents - (await refundedCents(db, String(o.id))));
        }
        return {
          id: String(o.id),
          orderNumber: String(o.order_number),
          kind: String(o.kind),
          status: String(o.status),
          totalCents: Number(o.total_cents),
          paidAt: iso(o.paid_at),
          createdAt: iso(o.created_at)!,
          refundableCents,
        };
      }),
    );
    const payments = [
      ...attempts.map((row) => ({ row, source: 'checkout' as const })),
      ...renewals.map((row) => ({ row, source: 'renewal' as const })),
    ]
      .map(({ row: p, source }) => ({
        source,
        orderId: str(p.order_id),
        paymentIntentId: str(p.provider_payment_intent_id),
        amountCents: Number(p.amount_cents),
        status: String(p.status),
        declineCode: str(p.decline_code),
        createdAt: iso(p.created_at)!,
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

    const reason = sub?.cancel_reason ?? null;
    const shippingAddress = await memberShippingAddress(db, identityId, str(sub?.first_order_id));
    return {
      identity: {
        id: String(identity.id),
        email: String(identity.email),
        firstName: str(identity.first_name),
        lastName: str(identity.last_name),
        phoneNumber: str(identity.phone_number),
        emailVerified: identity.email_verified_at !== null && identity.email_verified_at !== undefined,
        isEmailSubscribed: Boolean(identity.is_email_subscribed),
        referralCode: String(identity.referral_code),
        referredByCode: str(identity.referred_by_code),
        createdAt: iso(identity.created_at)!,
      },
      subscription: sub
        ? {
            id: String(sub.id),
            status: String(sub.status),
            planName: MEMBERSHIP_PLAN_NAME,
            scheduleDays: Number(sub.schedule_days),
            priceCents: Number(sub.price_cents),
            handlingFeeCents: Number(sub.handling_fee_cents),
            currentCycleIndex: Number(sub.current_cycle_index),
            cycleStartedAt: iso(sub.cycle_started_at)!,
            nextBillingAt: iso(sub.next_billing_at)!,
            skipCycles: Number(sub.skip_cycles),
            paused: Boolean(sub.paused),
            canceledAt: iso(sub.canceled_at),
            cancelReason:
              reason === null ? null : (CANCEL_REASONS[Number(reason)]?.displayName ?? String(reason)),
            renewalFailures: Number(sub.renewal_failures),
            disputedAt: iso(sub.disputed_at),
            createdAt: iso(sub.created_at)!,
          }
        : null,
      shippingAddress,
      cycles: cycles.map((c) => ({
        cycleIndex: Number(c.cycle_index),
        status: String(c.status),
        orderId: str(c.order_id),
        startsAt: iso(c.starts_at)!,
        billedAt: iso(c.billed_at),
        shippedAt: iso(c.shipped_at),
        deliveredAt: iso(c.delivered_at),
      })),
      orders: orderViews,
      payments,
      refunds: refundList,
      disputes: disputes.map((d) => ({
        id: String(d.id),
        orderId: str(d.order_id),
        amountCents: Number(d.amount_cents),
        reason: String(d.reason),
        status: String(d.status),
        createdAt: iso(d.created_at)!,
      })),
      reviews: reviews.map((r) => ({
        id: String(r.id),
        productId: Number(r.product_id),
        productTitle: String(r.title),
        rating: Number(r.rating),
        description: String(r.description),
        hiddenAt: iso(r.hidden_at),
        createdAt: iso(r.created_at)!,
      })),
      referrals: {
        referredBy: referredBy[0]
          ? { id: String(referredBy[0].id), email: String(referredBy[0].email) }
          : null,
        referred: referred.map((r) => ({
          id: String(r.id),
          email: String(r.email),
          createdAt: iso(r.created_at)!,
        })),
      },
    };
  }

  return {
    /** One page of people, searched by email or name, sorted and paged in the database. */
    async list(query: AdminMemberListQuery): Promise<Page<AdminMemberRow>> {
      const { rows, total } = await memberPage(db, query);
      return {
        items: rows.map((r) => ({
          id: String(r.id),
          email: String(r.email),
          firstName: str(r.first_name),
          lastName: str(r.last_name),
          createdAt: iso(r.created_at)!,
          subscriptionStatus: str(r.subscription_status),
          scheduleDays:
            r.schedule_days === null || r.schedule_days === undefined ? null : Number(r.schedule_days),
          nextBillingAt: iso(r.next_billing_at),
          isDisputed: Boolean(r.is_disputed),
          hasFailedRefund: Boolean(r.has_failed_refund),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    getDetail,

    changeSchedule: (actor: Actor, identityId: string, days: number) =>
      act(actor, identityId, 'subscription.schedule', { days }, (a) =>
        a.updateDeliverySchedule(identityId, days),
      ),

    skipNext: (actor: Actor, identityId: string) =>
      act(actor, identityId, 'subscription.skip_next', {}, (a) => a.skipNext(identityId)),

    cancel: (actor: Actor, identityId: string, reason: number) =>
      act(actor, identityId, 'subscription.cancel', { reason }, (a) => a.cancel(identityId, reason)),

    /** Pauses 1-3 boxes by the member's own rule (a pause after a skip comes after it), audited. */
    pause: (actor: Actor, identityId: string, cycles: number) =>
      act(actor, identityId, 'subscription.pause', { cycles }, (a) => a.pause(identityId, cycles)),

    /**
     * The operator corrects where the member's boxes ship (docs/product.md#back-office): the first
     * box's address, which every renewal copies, every box not shipped yet, and the profile; the
     * old and new address go to the audit log in the same transaction.
     */
    async updateShippingAddress(
      actor: Actor,
      identityId: string,
      input: CheckoutIdentity,
    ): Promise<AdminMemberDetail> {
      await db.transaction(async (tx) => {
        if (!(await memberExists(tx, identityId, true))) throw notFound('That member');
        const sub = await latestSubscription(tx, identityId);
        const before = await memberShippingAddress(tx, identityId, str(sub?.first_order_id));
        const shipping = {
          firstName: input.firstName,
          lastName: input.lastName,
          street1: input.shippingAddress.street1,
          street2: input.shippingAddress.street2?.trim() ? input.shippingAddress.street2.trim() : null,
          city: input.shippingAddress.city,
          state: input.shippingAddress.state,
          postalCode: input.shippingAddress.postalCode,
        };
        const json = JSON.stringify(shipping);
        await reshipMemberBoxes(tx, identityId, String(sub?.first_order_id ?? ''), json);
        const { firstName: _f, lastName: _l, ...address } = shipping;
        await setShippingAddress(tx, identityId, address);
        await insertAuditRow(tx, {
          actorIdentityId: actor.id,
          actorEmail: actor.email,
          action: 'member.shipping_address',
          entityType: 'identity',
          entityId: identityId,
          before,
          after: shipping,
          createdAt: clock(),
        });
      });
      const detail = await getDetail(identityId);
      if (!detail) throw notFound('That member');
      return detail;
    },
  };
}
