import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages from the footer's contact form (migration 0004_public_site.sql). */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
});

export type ContactMessageRow = typeof contactMessages.$inferSelect;
