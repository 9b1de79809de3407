import { boolean, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Product reviews (SQL in db/migrations/0008_reviews.sql). */
export const productReviews = pgTable('product_reviews', {
  id: uuid('id').primaryKey(),
  identityId: uuid('identity_id').notNull(),
  productId: integer('product_id').notNull(),
  rating: smallint('rating').notNull(),
  description: text('description').notNull(),
  agreementConfirmation: boolean('agreement_confirmation').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ProductReviewRow = typeof productReviews.$inferSelect;
