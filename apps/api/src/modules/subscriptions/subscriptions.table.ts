import type { SubscriptionStatus } from '@store/contracts';
import { boolean, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Memberships (SQL in db/migrations/0006_checkout.sql). Money in integer cents. */
export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey(),
  identityId: uuid('identity_id').notNull(),
  status: text('status').$type<SubscriptionStatus>().notNull(),
  /** 0, 1, 2 = every 30, 45, 60 days. */
  scheduleIndex: smallint('schedule_index').notNull(),
  scheduleDays: integer('schedule_days').notNull(),
  priceCents: integer('price_cents').notNull(),
  handlingFeeCents: integer('handling_fee_cents').notNull(),
  /** The paid first-box order that started it: one membership per order. */
  firstOrderId: uuid('first_order_id').notNull(),
  defaultPaymentMethodId: uuid('default_payment_method_id'),
  currentCycleIndex: integer('current_cycle_index').notNull().default(0),
  currentOrderId: uuid('current_order_id'),
  cycleStartedAt: timestamp('cycle_started_at', { withTimezone: true }).notNull(),
  nextBillingAt: timestamp('next_billing_at', { withTimezone: true }).notNull(),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  /** Cancel reason id 0-3 (docs/api-conventions.md#wire-shapes); migration 0009 adds it and the columns below. */
  cancelReason: smallint('cancel_reason'),
  /** Renewal dates still to pass without a box or a charge (skip: 1, pause: 1-3). */
  skipCycles: integer('skip_cycles').notNull().default(0),
  paused: boolean('paused').notNull().default(false),
  renewalFailures: integer('renewal_failures').notNull().default(0),
  nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
  declinedPaymentMethodId: uuid('declined_payment_method_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BillingCycleStatus = 'unbilled' | 'billed' | 'awaiting_customer' | 'past_due' | 'skipped';

/** One cycle of a membership, billed once (unique per subscription and index). */
export const billingCycles = pgTable('billing_cycles', {
  id: uuid('id').primaryKey(),
  subscriptionId: uuid('subscription_id').notNull(),
  cycleIndex: integer('cycle_index').notNull(),
  status: text('status').$type<BillingCycleStatus>().notNull(),
  orderId: uuid('order_id'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  buildDeadlineAt: timestamp('build_deadline_at', { withTimezone: true }).notNull(),
  billedAt: timestamp('billed_at', { withTimezone: true }),
  shippedAt: timestamp('shipped_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  samplesAutoChosenAt: timestamp('samples_auto_chosen_at', { withTimezone: true }),
  /** Taste & Review ended by the calendar (delivery + 7 days), as a sweep saw it (migration 0015). */
  reviewWindowClosedAt: timestamp('review_window_closed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type BillingCycleRow = typeof billingCycles.$inferSelect;
