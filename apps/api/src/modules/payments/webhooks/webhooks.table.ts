import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Provider events accepted once each (SQL in db/migrations/0005_payments.sql; docs/reliability.md#c9). */
export const webhookEvents = pgTable('webhook_events', {
  /** The provider's event id (`evt_...`): a redelivery hits this key and changes nothing. */
  eventId: text('event_id').primaryKey(),
  provider: text('provider').$type<'sandbox' | 'stripe'>().notNull(),
  type: text('type').notNull(),
  /** The id of the object the event is about (`pi_...`). */
  objectId: text('object_id'),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set in the same transaction as the event's effects. */
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export type WebhookEventRow = typeof webhookEvents.$inferSelect;
