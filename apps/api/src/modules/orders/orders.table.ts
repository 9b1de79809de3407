import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The names and U.S. address typed at checkout (state as its two-letter code). */
export interface OrderShipping {
  firstName: string;
  lastName: string;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  postalCode: string;
}

/** Where an order stands; `draft` and `awaiting_payment` can still be paid. */
export type OrderStatus =
  | 'draft'
  | 'awaiting_payment'
  | 'paid'
  | 'processing'
  | 'shipped'
  | 'delivered'
  | 'completed'
  | 'canceled'
  | 'refund_pending'
  | 'refunded';

/** Orders (SQL in db/migrations/0003_catalog_quiz.sql and 0006_checkout.sql). Money in integer cents. */
export const orders = pgTable('orders', {
  id: uuid('id').primaryKey(),
  identityId: uuid('identity_id').notNull(),
  quizId: uuid('quiz_id'),
  /** `first_box` for the quiz's first Discover box, `pre_order` for a tub plan; later issues add more. */
  kind: text('kind').notNull(),
  status: text('status').$type<OrderStatus>().notNull().default('draft'),
  /** The pre-order's tub plan (`flex`, `max`). */
  plan: text('plan').$type<'flex' | 'max'>(),
  shipping: jsonb('shipping').$type<OrderShipping>(),
  /** 0, 1, 2 = every 30, 45, 60 days. */
  deliverySchedule: smallint('delivery_schedule'),
  creditCents: integer('credit_cents').notNull().default(0),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  paymentMethodLast4: text('payment_method_last4'),
  priceCents: integer('price_cents').notNull(),
  handlingFeeCents: integer('handling_fee_cents').notNull().default(0),
  taxCents: integer('tax_cents').notNull().default(0),
  /** The Stripe Tax calculation the tax came from; null for the state table. */
  taxCalculationId: text('tax_calculation_id'),
  totalCents: integer('total_cents').notNull(),
  /** Digits from a sequence: the thank-you page shows the last 5, the order page the last 4. */
  orderNumber: text('order_number').notNull().default(sql`nextval('order_number_seq')::text`),
  /** A cart order's coupon discount (migration 0010_shop.sql). */
  discountCents: integer('discount_cents').notNull().default(0),
  couponId: uuid('coupon_id'),
  /** The cart a `cart` order was frozen from; one order per cart. */
  cartId: uuid('cart_id'),
  /** Set by the operator when a cart order ships (migration 0013). */
  trackingNumber: text('tracking_number'),
  shippedAt: timestamp('shipped_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderItems = pgTable('order_items', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull(),
  isPrimePick: boolean('is_prime_pick').notNull().default(false),
  /** Samples in a box are part of the box price, so they carry 0; a tub line carries its member total. */
  priceCents: integer('price_cents').notNull().default(0),
  /** Tubs of a cart order; 1 for a sample. */
  quantity: integer('quantity').notNull().default(1),
  /** One tub's list price (the struck-through price); null for samples. */
  listPriceCents: integer('list_price_cents'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
