import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The sandbox provider's state (SQL in db/migrations/0005_payments.sql); Stripe-shaped JSON in `data`. */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  orderId: text('order_id'),
  customerId: text('customer_id'),
  idempotencyKey: text('idempotency_key'),
  status: text('status').notNull(),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Customers, payment methods, charges, refunds and events of the sandbox. */
export const sandboxObjects = pgTable('sandbox_objects', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Stripe's idempotency semantics: a key remembers its request's hash and its answer for 24 h. */
export const sandboxIdempotencyKeys = pgTable('sandbox_idempotency_keys', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code'),
  response: jsonb('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
