import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Ambassador applications from /influencer (migration 0004_public_site.sql). */
export const partnerRequests = pgTable('partner_requests', {
  id: uuid('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  fitnessType: text('fitness_type').notNull().default(''),
  instagram: text('instagram').notNull().default(''),
  tiktok: text('tiktok').notNull().default(''),
  otherSocials: text('other_socials').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
});

export type PartnerRequestRow = typeof partnerRequests.$inferSelect;
