import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderShipping } from '../orders/index.ts';

/** The Flex and Max tub plans (SQL in db/migrations/0024_tub_plans.sql; docs/product.md#tub-plans). */
export const tubPlans = pgTable('tub_plans', {
  id: uuid('id').primaryKey(),
  identityId: uuid('identity_id').notNull(),
  plan: text('plan').$type<'flex' | 'max'>().notNull(),
  status: text('status').$type<'incomplete' | 'active' | 'past_due' | 'canceled'>().notNull(),
  /** 0, 1, 2 = every 30, 45, 60 days. */
  scheduleIndex: smallint('schedule_index').notNull(),
  scheduleDays: integer('schedule_days').notNull(),
  nextBillingAt: timestamp('next_billing_at', { withTimezone: true }).notNull(),
  /** Deliveries still to pass without a charge (skip = 1, pause = 1-3). */
  skipCycles: integer('skip_cycles').notNull().default(0),
  paused: boolean('paused').notNull().default(false),
  renewalFailures: integer('renewal_failures').notNull().default(0),
  nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
  declinedPaymentMethodId: uuid('declined_payment_method_id'),
  defaultPaymentMethodId: uuid('default_payment_method_id'),
  /** Max: the free fifth tub; one more of the first line's product when null. */
  freeProductId: integer('free_product_id'),
  preOrderId: uuid('pre_order_id'),
  shipping: jsonb('shipping').$type<OrderShipping>(),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const tubPlanItems = pgTable(
  'tub_plan_items',
  {
    planId: uuid('plan_id').notNull(),
    position: smallint('position').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.position] })],
);

export const tubPlanLaunch = pgTable('tub_plan_launch', {
  id: smallint('id').primaryKey(),
  launchedAt: timestamp('launched_at', { withTimezone: true }).notNull(),
  launchedBy: uuid('launched_by'),
});

export type TubPlanRow = typeof tubPlans.$inferSelect;
export type TubPlanItemRow = typeof tubPlanItems.$inferSelect;
