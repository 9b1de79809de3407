import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OrderShipping, OrderStatus } from '../orders/index.ts';

/*
 * The cart checkout's view of the tables of migration 0010_shop.sql: an order of kind 'cart'
 * with its discount, coupon and cart, its lines with quantity and list price, and the tub stock
 * held for it. Money in integer cents.
 */

/** An order row with the columns a cart order adds (0010: discount_cents, coupon_id, cart_id). */
export const cartOrders = pgTable('orders', {
  id: uuid('id').primaryKey(),
  identityId: uuid('identity_id').notNull(),
  kind: text('kind').notNull(),
  status: text('status').$type<OrderStatus>().notNull(),
  shipping: jsonb('shipping').$type<OrderShipping>(),
  /** Σ member prices of the lines, before the coupon. */
  priceCents: integer('price_cents').notNull(),
  discountCents: integer('discount_cents').notNull().default(0),
  couponId: uuid('coupon_id'),
  cartId: uuid('cart_id'),
  handlingFeeCents: integer('handling_fee_cents').notNull(),
  taxCents: integer('tax_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  orderNumber: text('order_number'),
  paymentMethodLast4: text('payment_method_last4'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A frozen cart line: `price_cents` is the line's member total, `list_price_cents` one tub's list price. */
export const cartOrderItems = pgTable('order_items', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  productId: integer('product_id').notNull(),
  priceCents: integer('price_cents').notNull(),
  quantity: integer('quantity').notNull(),
  listPriceCents: integer('list_price_cents'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Tubs held for an order between the stock check and the charge's outcome (docs/reliability.md#e6). */
export const stockReservations = pgTable('stock_reservations', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  productId: integer('product_id').notNull(),
  quantity: integer('quantity').notNull(),
  status: text('status').$type<'held' | 'consumed' | 'released'>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type CartOrderRow = typeof cartOrders.$inferSelect;
export type CartOrderItemRow = typeof cartOrderItems.$inferSelect;
