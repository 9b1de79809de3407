import { z } from 'zod';

/** The 11 reference lists of docs/product.md#calls, served at GET /Types/{name}. */
export const TypeListNames = [
  'Countries',
  'ExerciseTypes',
  'ExerciseFrequencies',
  'FitnessGoals',
  'LifestylePerformanceGoals',
  'DietaryPreferences',
  'Restrictions',
  'Flavors',
  'ProteinMixes',
  'Textures',
  'ProteinBrands',
] as const;
export type TypeListName = (typeof TypeListNames)[number];

/** One entry of a reference list; `img` is a brand's logo or a flavor family's card background. */
export const TypeOptionSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  img: z.string().optional(),
});
export type TypeOption = z.infer<typeof TypeOptionSchema>;

const ImageModelSchema = z.object({
  /** Path of the image, relative to the site ("/catalog/products/12-tub.svg"). */
  originalPath: z.string(),
});

/** A product as every product call answers it (docs/api-conventions.md#wire-shapes; `suggestedUSe` spelled so). */
export const ProductSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The brand's display name. */
  brandText: z.string(),
  /** The brand's logo path. */
  brandImage: z.string(),
  brandName: z.string(),
  /** Full-size tub image. */
  image: ImageModelSchema,
  /** Single-serving sample packet image. */
  sampleImage: ImageModelSchema,
  /** The flavor as shown ("Chocolate Peanut Butter"). */
  flavorSubCategoryText: z.string(),
  /** Path of the flavor family's card background ("/catalog/flavors/chocolate.svg"). */
  flavorBgImageName: z.string(),
  description: z.string(),
  suggestedUSe: z.string(),
  nutritionInfo: ImageModelSchema,
  /** Grams of protein per serving. */
  gramsProteinContent: z.number(),
  /** Net weight of the full-size tub in pounds. */
  sizeLbs: z.number(),
  /** List price of a tub in dollars (2 decimals). */
  price: z.number(),
  /** Member discount in percent (25-50). */
  discount: z.number().int(),
  /** Member price in dollars, computed on the server from price and discount. */
  discountedPrice: z.number(),
  /** Shop only: whether the member has sampled it (docs/product.md#unlocking). */
  unlocked: z.boolean(),
  /** Whey, isolate, plant, casein or blend. */
  proteinType: z.string(),
  texture: z.string(),
  /** Allergens it contains ("Milk", "Soy", ...). */
  allergens: z.array(z.string()),
  /** Diets it suits ("Vegan", "Keto", "Gluten-free", ...). */
  diets: z.array(z.string()),
  /** Quiz results only: why it was matched ("Chocolate, which you chose; lactose-free"). */
  reason: z.string().optional(),
  /** Whether samples of it can be shipped now. */
  inStock: z.boolean(),
  /** How many visible member reviews it has (hidden ones never count), read with the product. */
  reviewCount: z.number().int(),
  /** Their average to one decimal, or null below MIN_REVIEWS_FOR_AVERAGE reviews. */
  averageRating: z.number().nullable(),
});
export type Product = z.infer<typeof ProductSchema>;

/** GET product/GetItem?id query. */
export const ProductIdQuerySchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * A product as a person reads it wherever they choose, review or pay: its title and flavor
 * ("Organic Plant Protein, Chocolate"). Many products share a title and differ only in flavor;
 * a title that already ends with its flavor is not repeated. Takes a catalog row (`flavor`), a
 * product, order item or cart line as the API answers them (`flavorSubCategoryText`).
 */
export function productName(product: {
  title: string;
  productTitle?: string | null;
  flavor?: string | null;
  flavorSubCategoryText?: string | null;
}): string {
  const title = (product.productTitle || product.title).trim();
  const flavor = (product.flavor ?? product.flavorSubCategoryText ?? '').trim();
  if (!flavor || title.toLowerCase().endsWith(flavor.toLowerCase())) return title;
  return title ? `${title}, ${flavor}` : flavor;
}
