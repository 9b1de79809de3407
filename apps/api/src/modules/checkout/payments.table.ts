import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * The store's payment tables (SQL in db/migrations/0005_payments.sql): the checkout's customers,
 * saved cards, payment attempts and Idempotency-Keys.
 */

/** Which payment provider a row belongs to. */
export type ProviderName = 'sandbox' | 'stripe';

/** The provider's Customer for an identity. */
export const customers = pgTable(
  'customers',
  {
    identityId: uuid('identity_id').notNull(),
    provider: text('provider').$type<ProviderName>().notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.identityId, t.provider] })],
);

/** Saved cards: what the provider reports, never a card number. */
export const paymentMethods = pgTable('payment_methods', {
  id: uuid('id').primaryKey(),
  identityId: uuid('identity_id').notNull(),
  provider: text('provider').$type<ProviderName>().notNull(),
  providerPaymentMethodId: text('provider_payment_method_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where an attempt stands; the first three are "live" (one per order at most). */
export type PaymentAttemptStatus =
  | 'pending'
  | 'requires_action'
  | 'succeeded'
  | 'failed'
  | 'canceled'
  | 'refunded';

/** One attempt to pay an order, keyed `order:{orderId}:{n}` at the provider. */
export const paymentAttempts = pgTable('payment_attempts', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  identityId: uuid('identity_id').notNull(),
  attemptNumber: integer('attempt_number').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  provider: text('provider').$type<ProviderName>().notNull(),
  providerPaymentIntentId: text('provider_payment_intent_id'),
  providerPaymentMethodId: text('provider_payment_method_id'),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  status: text('status').$type<PaymentAttemptStatus>().notNull(),
  errorCode: text('error_code'),
  declineCode: text('decline_code'),
  errorMessage: text('error_message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The web app's Idempotency-Key per payment request, with the stored answer for replays. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  id: uuid('id').primaryKey(),
  identityId: uuid('identity_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  route: text('route').notNull(),
  requestHash: text('request_hash').notNull(),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  recoveryPoint: text('recovery_point').notNull().default('started'),
  responseCode: integer('response_code'),
  responseBody: jsonb('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type CustomerRow = typeof customers.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
