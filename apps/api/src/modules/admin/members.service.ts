import {
  type AdminMemberDetail,
  type AdminMemberListQuery,
  type AdminMemberRow,
  CANCEL_REASONS,
  type CheckoutIdentity,
  MEMBERSHIP_PLAN_NAME,
  type Page,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { memberShippingAddress } from '../../read-models/member-shipping.ts';
import type { Mailer } from '../mail/index.ts';
import { createSubscriptionActions, createSubscriptionsService } from '../subscriptions/index.ts';
import { insertAuditRow } from './admin.repository.ts';
import type { Actor } from './admin.service.ts';
import { chargeOfOrder, type RefundsService, refundedCents } from './refunds.service.ts';

type Raw = Record<string, unknown>;

/** A timestamp column as ISO text (PGlite and node-postgres both answer Date objects). */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** `%` and `_` typed by the operator are literal in the search. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER_BY: Record<AdminMemberListQuery['sort'], string[]> = {
  joined: ['i.created_at'],
  email: ['i.email'],
  name: ["lower(coalesce(i.last_name, ''))", "lower(coalesce(i.first_name, ''))"],
};

const REFUNDABLE = new Set(['paid', 'processing', 'shipped', 'delivered', 'completed', 'refund_pending']);

export interface MembersDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  storeEmail: string;
  refunds: Pick<RefundsService, 'listForIdentity'>;
}

export type MembersService = ReturnType<typeof createMembersService>;

/**
 * The operator's view of members (docs/product.md#back-office): search, one member's whole story, and the
 * membership actions, which reuse the member's own rules (subscription-actions) inside the
 * transaction that writes the audit row.
 */
export function createMembersService({ db, clock, mailer, storeEmail, refunds }: MembersDeps) {
  async function latestSubscription(tx: Db, identityId: string): Promise<Raw | undefined> {
    const result = await tx.execute<Raw>(sql`
      SELECT * FROM subscriptions WHERE identity_id = ${identityId}
      ORDER BY (status = 'canceled'), created_at DESC LIMIT 1`);
    return result.rows[0];
  }

  async function eventIds(tx: Db, sub: Raw | undefined): Promise<string[]> {
    if (!sub) return [];
    const rows = await tx.execute<{ id: string }>(
      sql`SELECT id FROM subscription_events WHERE subscription_id = ${String(sub.id)}`,
    );
    return rows.rows.map((r) => String(r.id));
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
      const identity = await tx.execute(sql`SELECT id FROM identities WHERE id = ${identityId}`);
      if (identity.rows.length === 0) throw notFound('That member');
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
      });
      await work(actions);
      // The member's rules record their events as the member's; these were the operator's.
      const ownEvents = (await eventIds(tx, before)).filter((e) => !earlierEvents.includes(e));
      if (ownEvents.length > 0) {
        await tx.execute(sql`
          UPDATE subscription_events
          SET actor = 'operator', detail = detail || ${JSON.stringify({ operator: actor.email })}::jsonb
          WHERE id IN (${sql.join(
            ownEvents.map((e) => sql`${e}`),
            sql`, `,
          )})`);
      }
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
    const [identity] = (
      await db.execute<Raw>(sql`
        SELECT id, email, first_name, last_name, phone_number, email_verified_at, is_email_subscribed,
          referral_code, referred_by_code, created_at
        FROM identities WHERE id = ${identityId}`)
    ).rows;
    if (!identity) return undefined;
    const sub = await latestSubscription(db, identityId);
    const [cycles, orders, attempts, renewals, disputes, reviews, referredBy, referred, refundList] =
      await Promise.all([
        sub
          ? db.execute<Raw>(sql`
              SELECT cycle_index, status, order_id, starts_at, billed_at, shipped_at, delivered_at
              FROM billing_cycles WHERE subscription_id = ${String(sub.id)} ORDER BY cycle_index DESC LIMIT 50`)
          : Promise.resolve({ rows: [] as Raw[] }),
        db.execute<Raw>(sql`
          SELECT id, order_number, kind, status, total_cents, paid_at, created_at FROM orders
          WHERE identity_id = ${identityId} AND status <> 'draft' ORDER BY created_at DESC LIMIT 50`),
        db.execute<Raw>(sql`
          SELECT order_id, provider_payment_intent_id, amount_cents, status, decline_code, created_at
          FROM payment_attempts WHERE identity_id = ${identityId} ORDER BY created_at DESC LIMIT 50`),
        db.execute<Raw>(sql`
          SELECT bc.order_id, rc.provider_payment_intent_id, rc.amount_cents, rc.status, rc.decline_code,
            rc.claimed_at AS created_at
          FROM renewal_charges rc JOIN subscriptions s ON s.id = rc.subscription_id
          LEFT JOIN billing_cycles bc ON bc.subscription_id = rc.subscription_id AND bc.cycle_index = rc.cycle_index
          WHERE s.identity_id = ${identityId} ORDER BY rc.claimed_at DESC LIMIT 50`),
        db.execute<Raw>(sql`
          SELECT id, order_id, amount_cents, reason, status, created_at FROM payment_disputes
          WHERE identity_id = ${identityId} ORDER BY created_at DESC`),
        db.execute<Raw>(sql`
          SELECT r.id, r.product_id, p.title, r.rating, r.description, r.hidden_at, r.created_at
          FROM product_reviews r JOIN products p ON p.id = r.product_id
          WHERE r.identity_id = ${identityId} ORDER BY r.created_at DESC LIMIT 50`),
        identity.referred_by_code
          ? db.execute<Raw>(
              sql`SELECT id, email FROM identities WHERE referral_code = ${String(identity.referred_by_code)}`,
            )
          : Promise.resolve({ rows: [] as Raw[] }),
        db.execute<Raw>(sql`
          SELECT id, email, created_at FROM identities WHERE referred_by_code = ${String(identity.referral_code)}
          ORDER BY created_at DESC LIMIT 100`),
        refunds.listForIdentity(identityId),
      ]);

    const orderViews = await Promise.all(
      orders.rows.map(async (o) => {
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
      ...(attempts.rows as Raw[]).map((row) => ({ row, source: 'checkout' as const })),
      ...(renewals.rows as Raw[]).map((row) => ({ row, source: 'renewal' as const })),
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
      cycles: cycles.rows.map((c) => ({
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
      disputes: disputes.rows.map((d) => ({
        id: String(d.id),
        orderId: str(d.order_id),
        amountCents: Number(d.amount_cents),
        reason: String(d.reason),
        status: String(d.status),
        createdAt: iso(d.created_at)!,
      })),
      reviews: reviews.rows.map((r) => ({
        id: String(r.id),
        productId: Number(r.product_id),
        productTitle: String(r.title),
        rating: Number(r.rating),
        description: String(r.description),
        hiddenAt: iso(r.hidden_at),
        createdAt: iso(r.created_at)!,
      })),
      referrals: {
        referredBy: referredBy.rows[0]
          ? { id: String(referredBy.rows[0].id), email: String(referredBy.rows[0].email) }
          : null,
        referred: referred.rows.map((r) => ({
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
      const q = query.q?.trim();
      // An order number as any page shows it ("#00042", "00042", "42") or stored ("10000042").
      const digits = q && /^#?\s*\d{1,12}$/.test(q) ? q.replace(/\D/g, '') : null;
      const byOrder = digits
        ? sql` OR EXISTS (SELECT 1 FROM orders o WHERE o.identity_id = i.id AND o.status <> 'draft'
              AND (o.order_number = ${digits}
                OR (${digits.length <= 5} AND right(o.order_number, 5) = ${digits.padStart(5, '0')})))`
        : sql``;
      const conditions = [
        q
          ? sql`(i.email ILIKE ${likePattern(q)} OR i.first_name ILIKE ${likePattern(q)}
              OR i.last_name ILIKE ${likePattern(q)}
              OR (coalesce(i.first_name, '') || ' ' || coalesce(i.last_name, '')) ILIKE ${likePattern(q)}${byOrder})`
          : undefined,
        query.status === 'attention'
          ? sql`(EXISTS (SELECT 1 FROM payment_disputes d WHERE d.identity_id = i.id)
              OR EXISTS (SELECT 1 FROM refunds r WHERE r.identity_id = i.id AND r.status = 'failed'))`
          : undefined,
      ].filter((c) => c !== undefined);
      const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      const orderBy = ORDER_BY[query.sort].map((column) => `${column} ${direction}`).join(', ');
      const offset = (query.page - 1) * query.pageSize;
      const [rows, count] = await Promise.all([
        db.execute<Raw>(sql`
          SELECT i.id, i.email, i.first_name, i.last_name, i.created_at,
            s.status AS subscription_status, s.schedule_days, s.next_billing_at,
            EXISTS (SELECT 1 FROM payment_disputes d WHERE d.identity_id = i.id) AS is_disputed,
            EXISTS (SELECT 1 FROM refunds r WHERE r.identity_id = i.id AND r.status = 'failed') AS has_failed_refund
          FROM identities i
          LEFT JOIN LATERAL (
            SELECT status, schedule_days, next_billing_at FROM subscriptions
            WHERE identity_id = i.id ORDER BY (status = 'canceled'), created_at DESC LIMIT 1
          ) s ON true
          ${where}
          ORDER BY ${sql.raw(orderBy)}, i.id ${sql.raw(direction)}
          LIMIT ${query.pageSize} OFFSET ${offset}`),
        db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM identities i ${where}`),
      ]);
      return {
        items: rows.rows.map((r) => ({
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
        total: Number(count.rows[0]?.n ?? 0),
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
        const identity = await tx.execute(sql`SELECT id FROM identities WHERE id = ${identityId} FOR UPDATE`);
        if (identity.rows.length === 0) throw notFound('That member');
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
        await tx.execute(sql`
          UPDATE orders SET shipping = ${json}::jsonb
          WHERE identity_id = ${identityId} AND kind IN ('first_box', 'cycle_box')
            AND (id::text = ${String(sub?.first_order_id ?? '')}
              OR (shipped_at IS NULL AND status IN ('draft', 'awaiting_payment', 'paid', 'processing')))`);
        const { firstName: _f, lastName: _l, ...address } = shipping;
        await tx.execute(sql`
          UPDATE identities SET shipping_address = ${JSON.stringify(address)}::jsonb WHERE id = ${identityId}`);
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
