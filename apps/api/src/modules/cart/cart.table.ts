import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The members' shop (SQL in db/migrations/0010_shop.sql). */
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey(),
  identityId: uuid('identity_id').notNull(),
  status: text('status').$type<'open' | 'checking_out' | 'ordered'>().notNull().default('open'),
  couponId: uuid('coupon_id'),
  orderId: uuid('order_id'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable('cart_items', {
  id: uuid('id').primaryKey(),
  cartId: uuid('cart_id').notNull(),
  productId: integer('product_id').notNull(),
  quantity: integer('quantity').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const coupons = pgTable('coupons', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull(),
  kind: text('kind').$type<'percent' | 'fixed' | 'free_tub'>().notNull(),
  percentOff: integer('percent_off'),
  amountOffCents: integer('amount_off_cents'),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  identityId: uuid('identity_id'),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const couponRedemptions = pgTable('coupon_redemptions', {
  id: uuid('id').primaryKey(),
  couponId: uuid('coupon_id').notNull(),
  identityId: uuid('identity_id').notNull(),
  orderId: uuid('order_id').notNull(),
  discountCents: integer('discount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
