import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A stored match of the results page. */
export interface StoredMatch {
  productId: number;
  reason: string;
}

/** Quizzes (SQL in db/migrations/0003_catalog_quiz.sql). Never holds a password. */
export const quizzes = pgTable('quizzes', {
  id: uuid('id').primaryKey(),
  /** The account that owns it; null while anonymous. */
  identityId: uuid('identity_id'),
  /** SHA-256 of the anonymous creator's quiz_owner cookie; null once an account owns it. */
  ownerSecretHash: text('owner_secret_hash'),
  exerciseTypes: integer('exercise_types').array().notNull().default(sql`'{}'`),
  exerciseFrequency: integer('exercise_frequency'),
  fitnessGoals: integer('fitness_goals').array().notNull().default(sql`'{}'`),
  lifestylePerformanceGoals: integer('lifestyle_performance_goals').array().notNull().default(sql`'{}'`),
  dietaryPreferences: integer('dietary_preferences').array().notNull().default(sql`'{}'`),
  dietaryRestrictions: integer('dietary_restrictions').array().notNull().default(sql`'{}'`),
  brandUsages: integer('brand_usages').array().notNull().default(sql`'{}'`),
  dislikedBrands: integer('disliked_brands').array().notNull().default(sql`'{}'`),
  proteinMixes: integer('protein_mixes').array().notNull().default(sql`'{}'`),
  flavors: integer('flavors').array().notNull().default(sql`'{}'`),
  textures: integer('textures').array().notNull().default(sql`'{}'`),
  usedProteinBefore: boolean('used_protein_before'),
  emailAddress: text('email_address'),
  age: integer('age'),
  phoneNumber: text('phone_number'),
  referralCode: text('referral_code'),
  orderId: uuid('order_id'),
  matches: jsonb('matches').$type<StoredMatch[]>(),
  /** The furthest step answered, 0-12 (db/migrations/0025_insights.sql); it only grows. */
  furthestStep: smallint('furthest_step').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type QuizRow = typeof quizzes.$inferSelect;
export type NewQuiz = typeof quizzes.$inferInsert;
