import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A full nutrition label per serving, as drawn on the product's Nutrition Facts image. */
export interface NutritionFacts {
  servingSizeG: number;
  servingsPerContainer: number;
  calories: number;
  totalFatG: number;
  saturatedFatG: number;
  transFatG: number;
  cholesterolMg: number;
  sodiumMg: number;
  totalCarbsG: number;
  fiberG: number;
  totalSugarsG: number;
  addedSugarsG: number;
  proteinG: number;
  vitaminDMcg: number;
  calciumMg: number;
  ironMg: number;
  potassiumMg: number;
  ingredients: string;
}

/** Brands (SQL in db/migrations/0003_catalog_quiz.sql). */
export const brands = pgTable('brands', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  logoPath: text('logo_path').notNull(),
  /** False once archived: left out of the quiz's brand list (migration 0007_admin.sql). */
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Protein products. */
export const products = pgTable('products', {
  id: integer('id').primaryKey(),
  brandId: integer('brand_id')
    .notNull()
    .references(() => brands.id),
  title: text('title').notNull(),
  flavor: text('flavor').notNull(),
  flavorIds: integer('flavor_ids').array().notNull(),
  proteinType: text('protein_type').notNull(),
  textureId: integer('texture_id').notNull(),
  allergens: text('allergens').array().notNull().default(sql`'{}'`),
  diets: text('diets').array().notNull().default(sql`'{}'`),
  gramsProtein: integer('grams_protein').notNull(),
  sizeLbs: doublePrecision('size_lbs').notNull(),
  description: text('description').notNull(),
  suggestedUse: text('suggested_use').notNull(),
  nutrition: jsonb('nutrition').$type<NutritionFacts>().notNull(),
  listPriceCents: integer('list_price_cents').notNull(),
  discountPercent: integer('discount_percent').notNull(),
  sampleStock: integer('sample_stock').notNull().default(0),
  tubStock: integer('tub_stock').notNull().default(0),
  tubImagePath: text('tub_image_path').notNull(),
  sampleImagePath: text('sample_image_path').notNull(),
  nutritionImagePath: text('nutrition_image_path').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BrandRow = typeof brands.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
