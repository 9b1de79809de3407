import type { RefundStatus } from '@store/contracts';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An operator's refund of an order (SQL in db/migrations/0014_back_office.sql). */
export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  identityId: uuid('identity_id').notNull(),
  /** n of the provider key refund:{orderId}:{n}. */
  seq: integer('seq').notNull(),
  /** The operator's click: the same request sent again finds this row. */
  requestId: uuid('request_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  provider: text('provider').$type<'sandbox' | 'stripe'>().notNull(),
  providerPaymentIntentId: text('provider_payment_intent_id').notNull(),
  providerRefundId: text('provider_refund_id'),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').$type<RefundStatus>().notNull(),
  failureReason: text('failure_reason'),
  /** The order's status before the refund, restored if it fails. */
  orderStatusBefore: text('order_status_before').notNull(),
  reason: text('reason').notNull().default(''),
  actorIdentityId: uuid('actor_identity_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type RefundRow = typeof refunds.$inferSelect;

/** A card dispute the provider reported (charge.dispute.created). */
export const paymentDisputes = pgTable('payment_disputes', {
  id: uuid('id').primaryKey(),
  providerDisputeId: text('provider_dispute_id').notNull(),
  providerPaymentIntentId: text('provider_payment_intent_id'),
  orderId: uuid('order_id'),
  identityId: uuid('identity_id'),
  subscriptionId: uuid('subscription_id'),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull().default(''),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type PaymentDisputeRow = typeof paymentDisputes.$inferSelect;
