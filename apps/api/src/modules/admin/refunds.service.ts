import { createHash, randomUUID } from 'node:crypto';
import type { AdminRefund, AdminRefundInput, RefundStatus } from '@store/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/database.ts';
import { createHook, type Hook } from '../../hooks.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  chargeOfOrder,
  disputedPaymentOwner,
  isStoreOwnRefund,
  orderOfPaymentIntent,
} from '../../read-models/back-office-refunds.ts';
import { lockOrder as lockOrderRow, setOrderStatus } from '../orders/index.ts';
import { type PaymentProvider, PaymentProviderError, type ProviderEvent } from '../payments/index.ts';
import { cycleStore } from '../subscriptions/index.ts';
import { insertAuditRow } from './admin.repository.ts';
import type { Actor } from './admin.service.ts';
import { paymentDisputes, type RefundRow, refunds } from './refunds.table.ts';

/*
 * Refunds by the operator and the provider's later word on them (docs/reliability.md#c12).
 *
 * 1. One transaction locks the order, checks the amount against what is still refundable, and
 *    writes the refund (`requested`, key refund:{orderId}:{n}), the order's `refund_pending` and
 *    the audit row. The same request (its `requestId`) sent again finds that row instead.
 * 2. The provider is asked with that key, so a retry after a crash or timeout never refunds twice.
 * 3. Its answer, and later `refund.updated` / `refund.failed` webhooks, settle the row and the
 *    order: `refunded` once everything paid was refunded, back to its earlier status otherwise.
 *    A failed refund is logged at error level (the ops alert) and flagged on the member.
 * `charge.dispute.created` records the dispute and flags the membership.
 */

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface RefundsDeps {
  db: Db;
  clock: () => Date;
  payments: Pick<PaymentProvider, 'name' | 'refund'>;
  log: Log;
}

/** Statuses an order may be refunded from: it was paid. */
const REFUNDABLE_ORDER_STATUSES = [
  'paid',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'refund_pending',
  'refunded',
];

const IN_FLIGHT: RefundStatus[] = ['requested', 'pending'];

/** The actor of a refund made at the provider, not by an operator of the store. */
const PROVIDER_ACTOR = '00000000-0000-0000-0000-000000000000';

/** A stable UUID for a text (the request id of a provider-made refund, so it is recorded once). */
function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function toAdminRefund(row: RefundRow): AdminRefund {
  return {
    id: row.id,
    orderId: row.orderId,
    seq: row.seq,
    amountCents: row.amountCents,
    status: row.status,
    failureReason: row.failureReason,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Cents refunded or being refunded for an order (failed refunds do not count). */
export async function refundedCents(db: Db, orderId: string): Promise<number> {
  const result = await db.execute<{ cents: number }>(sql`
    SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM refunds
    WHERE order_id = ${orderId} AND status <> 'failed'`);
  return Number(result.rows[0]?.cents ?? 0);
}

/** A refund the provider confirmed: the money of `amountCents` went back to the member. */
export interface OrderRefund {
  orderId: string;
  identityId: string;
  refundId: string;
  amountCents: number;
  /** The order's status after it: `refunded` once everything paid went back, else what it was. */
  orderStatus: string;
  at: Date;
}

/** The refunds' named effects on other modules; the composition root adds their listeners. */
export interface RefundsHooks {
  /**
   * In the transaction that records a refund as succeeded (the provider's answer to the
   * operator's or the store's refund, its webhook, or a refund made in the provider's dashboard),
   * once the refund and its order's status are written.
   */
  orderRefunded: Hook<[tx: Tx, refund: OrderRefund]>;
}

export function createRefundsHooks(): RefundsHooks {
  return { orderRefunded: createHook('order refunded') };
}

export type RefundsService = ReturnType<typeof createRefundsService>;

export function createRefundsService({ db, clock, payments, log }: RefundsDeps) {
  const hooks = createRefundsHooks();
  /** The order, locked for the transaction (its status is the refunds' to move). */
  async function lockOrder(tx: Db, orderId: string) {
    const row = await lockOrderRow(tx, orderId);
    return row ? { id: row.id, identity_id: row.identityId, status: row.status as string } : undefined;
  }

  /**
   * Writes the provider's word on one refund and what it means for its order. Runs in the
   * caller's transaction; a status the row already has changes nothing.
   */
  async function settle(
    tx: Tx,
    refund: RefundRow,
    outcome: { status: RefundStatus; providerRefundId?: string; failureReason?: string | null },
  ): Promise<RefundRow> {
    const order = await lockOrder(tx, refund.orderId);
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for('update');
    if (!current || !order) return refund;
    // A failed refund stays failed; a succeeded one may still fail later (pm_card_refundFail),
    // but a late `pending` never undoes a success.
    const isStale =
      current.status === 'failed' ||
      current.status === outcome.status ||
      (current.status === 'succeeded' && outcome.status !== 'failed');
    if (isStale) {
      if (outcome.providerRefundId && !current.providerRefundId) {
        await tx
          .update(refunds)
          .set({ providerRefundId: outcome.providerRefundId })
          .where(eq(refunds.id, current.id));
      }
      return current;
    }
    const at = clock();
    const [updated] = await tx
      .update(refunds)
      .set({
        status: outcome.status,
        providerRefundId: outcome.providerRefundId ?? current.providerRefundId,
        failureReason: outcome.status === 'failed' ? (outcome.failureReason ?? 'failed') : null,
        updatedAt: at,
      })
      .where(eq(refunds.id, current.id))
      .returning();
    const all = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, current.orderId))
      .orderBy(asc(refunds.seq));
    const charge = await chargeOfOrder(tx, current.orderId);
    const succeeded = all.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0);
    let status = all[0]?.orderStatusBefore ?? order.status;
    if (all.some((r) => IN_FLIGHT.includes(r.status))) status = 'refund_pending';
    else if (charge && succeeded >= charge.amountCents) status = 'refunded';
    if (status !== order.status) {
      await setOrderStatus(tx, current.orderId, status, at);
    }
    if (outcome.status === 'succeeded') {
      await hooks.orderRefunded.run(tx, {
        orderId: current.orderId,
        identityId: current.identityId,
        refundId: current.id,
        amountCents: current.amountCents,
        orderStatus: status,
        at,
      });
    }
    if (outcome.status === 'failed') {
      // The ops alert: an error line (alerting reads these) and the member's flag in the back office.
      log.error(
        {
          alert: 'refund_failed',
          orderId: current.orderId,
          refundId: current.id,
          providerRefundId: updated?.providerRefundId,
          amountCents: current.amountCents,
          failureReason: updated?.failureReason,
        },
        'refund failed at the payment provider: the money did not go back to the member',
      );
    }
    return updated ?? current;
  }

  async function findByProviderRefund(tx: Db, object: Record<string, unknown>) {
    const providerRefundId = typeof object.id === 'string' ? object.id : undefined;
    if (providerRefundId) {
      const [row] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
      if (row) return row;
    }
    // The webhook may arrive before our own write of the provider's answer: our id is in metadata.
    const metadata = (object.metadata ?? {}) as Record<string, string>;
    if (metadata.refund_id && /^[0-9a-f-]{36}$/i.test(metadata.refund_id)) {
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, metadata.refund_id));
      return row;
    }
    return undefined;
  }

  async function recordDispute(tx: Db, object: Record<string, unknown>): Promise<void> {
    const disputeId = String(object.id ?? '');
    if (!disputeId) return;
    const pi = typeof object.payment_intent === 'string' ? object.payment_intent : null;
    const owner = pi ? await disputedPaymentOwner(tx, pi) : undefined;
    const at = clock();
    const inserted = await tx
      .insert(paymentDisputes)
      .values({
        id: randomUUID(),
        providerDisputeId: disputeId,
        providerPaymentIntentId: pi,
        orderId: owner?.order_id ?? null,
        identityId: owner?.identity_id ?? null,
        subscriptionId: owner?.subscription_id ?? null,
        amountCents: Number(object.amount ?? 0),
        reason: String(object.reason ?? ''),
        status: String(object.status ?? 'needs_response'),
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: paymentDisputes.id });
    if (inserted.length === 0) return;
    if (owner?.subscription_id) {
      await cycleStore.flagDisputed(tx, owner.subscription_id, at);
    }
    log.error(
      {
        alert: 'payment_disputed',
        disputeId,
        paymentIntentId: pi,
        orderId: owner?.order_id,
        subscriptionId: owner?.subscription_id,
      },
      'a payment was disputed: the membership is flagged',
    );
  }

  /**
   * `charge.refunded`: the charge's `amount_refunded` is the provider's total. What it has beyond
   * the refunds we know (ours, requested or done) was refunded outside the store, in the
   * provider's dashboard: it is recorded as a succeeded refund, which moves the order to `refunded`
   * when nothing paid is left. A refund of a payment not recorded yet throws, so the event is
   * delivered again (and the event reconciliation reads it again) once the payment is recorded.
   */
  async function recordProviderRefund(tx: Tx, object: Record<string, unknown>): Promise<void> {
    const pi = typeof object.payment_intent === 'string' ? object.payment_intent : undefined;
    const chargeId = typeof object.id === 'string' ? object.id : undefined;
    const amountRefunded = Number(object.amount_refunded ?? 0);
    if (!pi || !chargeId || !(amountRefunded > 0)) return;
    const orderId = await orderOfPaymentIntent(tx, pi);
    if (!orderId) {
      log.info({ paymentIntentId: pi, amountRefunded }, 'charge refunded: not a payment of this store');
      return;
    }
    const order = await lockOrder(tx, orderId);
    if (!order) return;
    // The store's own refund of a charge it could not keep (a second charge, sold out, C11).
    if (await isStoreOwnRefund(tx, pi)) return;
    if (order.status === 'draft' || order.status === 'awaiting_payment') {
      throw new Error(`order ${orderId} has no recorded payment yet; its refund is applied once it has`);
    }
    const charge = await chargeOfOrder(tx, orderId);
    if (!charge) return;
    // Only the charge that paid the order counts; any other is the store's to refund (C11).
    if (charge.paymentIntentId !== pi) return;
    const known = await tx.execute<{ cents: number }>(sql`
      SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM refunds
      WHERE order_id = ${orderId} AND provider_payment_intent_id = ${pi} AND status <> 'failed'`);
    const missing = amountRefunded - Number(known.rows[0]?.cents ?? 0);
    if (missing <= 0) return;
    const at = clock();
    const [last] = await tx
      .execute<{ seq: number }>(sql`
        SELECT coalesce(max(seq), 0)::int AS seq FROM refunds WHERE order_id = ${orderId}`)
      .then((r) => r.rows);
    const earlier = await tx
      .select({ before: refunds.orderStatusBefore })
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.seq))
      .limit(1);
    const key = `provider-refund:${chargeId}:${amountRefunded}`;
    const [row] = await tx
      .insert(refunds)
      .values({
        id: randomUUID(),
        orderId,
        identityId: order.identity_id,
        seq: Number(last?.seq ?? 0) + 1,
        requestId: uuidFrom(key),
        idempotencyKey: key,
        provider: payments.name,
        providerPaymentIntentId: pi,
        amountCents: missing,
        status: 'requested',
        orderStatusBefore: earlier[0]?.before ?? order.status,
        reason: 'Refunded at the payment provider',
        actorIdentityId: PROVIDER_ACTOR,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return;
    await settle(tx, row, { status: 'succeeded' });
    log.warn(
      { orderId, paymentIntentId: pi, amountCents: missing },
      'a refund made at the payment provider was recorded on its order',
    );
  }

  return {
    /** "Order refunded": the composition root adds its listeners. */
    hooks,
    /**
     * Refunds an order in full or in part (C12). The same `requestId` answers the same refund
     * without a second provider call; the provider key is refund:{orderId}:{n}.
     */
    async refundOrder(actor: Actor, orderId: string, input: AdminRefundInput): Promise<AdminRefund> {
      let row = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw notFound('That order');
        const [existing] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.orderId, orderId), eq(refunds.requestId, input.requestId)));
        if (existing) {
          if (input.amountCents !== undefined && input.amountCents !== existing.amountCents) {
            throw new AppError(
              'idempotency_mismatch',
              'This refund request was already sent with another amount.',
            );
          }
          return existing;
        }
        if (!REFUNDABLE_ORDER_STATUSES.includes(order.status)) {
          throw conflict('This order was not paid, so there is nothing to refund.');
        }
        const charge = await chargeOfOrder(tx, orderId);
        if (!charge) throw conflict('This order has no payment to refund.');
        const refundable = charge.amountCents - (await refundedCents(tx, orderId));
        if (refundable <= 0) throw conflict('This order has already been refunded in full.');
        const amount = input.amountCents ?? refundable;
        if (amount > refundable) {
          throw badRequest(`At most ${dollars(refundable)} of this order can be refunded.`, {
            amountCents: `At most ${dollars(refundable)} can be refunded.`,
          });
        }
        const [last] = await tx
          .execute<{ seq: number }>(sql`
          SELECT coalesce(max(seq), 0)::int AS seq FROM refunds WHERE order_id = ${orderId}`)
          .then((r) => r.rows);
        const seq = Number(last?.seq ?? 0) + 1;
        const earlier = await tx
          .select({ before: refunds.orderStatusBefore })
          .from(refunds)
          .where(eq(refunds.orderId, orderId))
          .orderBy(asc(refunds.seq))
          .limit(1);
        const at = clock();
        const [created] = await tx
          .insert(refunds)
          .values({
            id: randomUUID(),
            orderId,
            identityId: order.identity_id,
            seq,
            requestId: input.requestId,
            idempotencyKey: `refund:${orderId}:${seq}`,
            provider: payments.name,
            providerPaymentIntentId: charge.paymentIntentId,
            amountCents: amount,
            status: 'requested',
            orderStatusBefore: earlier[0]?.before ?? order.status,
            reason: input.reason,
            actorIdentityId: actor.id,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        await setOrderStatus(tx, orderId, 'refund_pending', at);
        await insertAuditRow(tx, {
          actorIdentityId: actor.id,
          actorEmail: actor.email,
          action: 'order.refund',
          entityType: 'order',
          entityId: orderId,
          before: { status: order.status, refundableCents: refundable },
          after: { status: 'refund_pending', refund: toAdminRefund(created!) },
          createdAt: at,
        });
        return created!;
      });

      if (row.status === 'requested') {
        try {
          const answer = await payments.refund({
            paymentIntentId: row.providerPaymentIntentId,
            amountCents: row.amountCents,
            idempotencyKey: row.idempotencyKey,
            metadata: { order_id: row.orderId, refund_id: row.id },
          });
          const status: RefundStatus =
            answer.status === 'succeeded' ? 'succeeded' : answer.status === 'failed' ? 'failed' : 'pending';
          row = await db.transaction((t) => settle(t, row, { status, providerRefundId: answer.id }));
        } catch (error) {
          if (error instanceof PaymentProviderError && error.kind === 'invalid_request') {
            // The provider refused it for good (already refunded there, too much): nothing was refunded.
            row = await db.transaction((t) =>
              settle(t, row, { status: 'failed', failureReason: error.message }),
            );
            throw conflict(`The payment provider refused the refund: ${error.message}`);
          }
          if (error instanceof PaymentProviderError && error.kind === 'in_progress') {
            // The same request is being sent right now (a double click racing itself).
            throw new AppError('in_progress', 'This refund is being sent right now. Look again in a moment.');
          }
          // Unreachable or busy: the row stays `requested`; the same request retries with the same key.
          log.warn({ orderId, refundId: row.id, error: (error as Error).message }, 'refund not sent yet');
          throw new AppError(
            'service_unavailable',
            'The payment provider could not be reached. Send the same refund again in a moment.',
          );
        }
      }
      return toAdminRefund(row);
    },

    async listForIdentity(identityId: string): Promise<AdminRefund[]> {
      const rows = await db
        .select()
        .from(refunds)
        .where(eq(refunds.identityId, identityId))
        .orderBy(asc(refunds.createdAt), asc(refunds.seq));
      return rows.map(toAdminRefund);
    },

    /**
     * The webhook effect for refunds and disputes, in the transaction that records the event:
     * `refund.updated`, `refund.failed` (and the older `charge.refund.updated`) settle our refund;
     * `charge.refunded` is noted; `charge.dispute.created` records the dispute and flags the membership.
     */
    async eventEffect(tx: Tx, event: ProviderEvent): Promise<void> {
      const object = event.object as Record<string, unknown>;
      if (['refund.updated', 'refund.failed', 'charge.refund.updated'].includes(event.type)) {
        if (object.object !== 'refund') return;
        const row = await findByProviderRefund(tx, object);
        if (!row) return;
        const status = String(object.status);
        if (event.type === 'refund.failed' || status === 'failed' || status === 'canceled') {
          await settle(tx, row, {
            status: 'failed',
            providerRefundId: String(object.id),
            failureReason: typeof object.failure_reason === 'string' ? object.failure_reason : 'failed',
          });
        } else if (status === 'succeeded' || status === 'pending') {
          await settle(tx, row, { status, providerRefundId: String(object.id) });
        }
        return;
      }
      if (event.type === 'charge.refunded' && object.object === 'charge') {
        await recordProviderRefund(tx, object);
        return;
      }
      if (event.type === 'charge.dispute.created' && object.object === 'dispute') {
        await recordDispute(tx, object);
      }
    },
  };
}
