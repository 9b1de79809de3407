import { z } from 'zod';
import { TypeOptionSchema } from '../catalog.ts';
import { plainText } from '../text.ts';

/**
 * The operator's back office (`/api/admin/...`, docs/product.md#permissions): catalog editing, the
 * contact and partner inboxes, and the audit log. Money here is integer cents, named so
 * (`listPriceCents`), because an editor must never round a price through floating point.
 */

/** The permission that opens the back office. */
export const ADMIN_PERMISSION = 'admin';

/** Rows per page when a list is asked without `pageSize`; no list answers more than the max. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;

const pageField = z.coerce.number().int().min(1).max(1_000_000).default(1);
const pageSizeField = z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE);
const searchField = z.string().trim().max(100).optional();
const orderField = z.enum(['asc', 'desc']).default('asc');
const archiveStatusField = z.enum(['active', 'archived', 'all']).default('all');

/** One page of a list, with the total so the client can draw the pager. */
export function pageSchemaOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** Rows matching the filters, on every page. */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

// ---------------------------------------------------------------------------------------------
// Catalog
// ---------------------------------------------------------------------------------------------

/** The protein types matching knows (vegan excludes the animal ones). */
export const PRODUCT_PROTEIN_TYPES = ['whey', 'isolate', 'plant', 'casein', 'blend'] as const;
export type ProductProteinType = (typeof PRODUCT_PROTEIN_TYPES)[number];

/** FDA's nine major food allergens; every quiz restriction excludes one of them. */
export const PRODUCT_ALLERGENS = [
  'Milk',
  'Egg',
  'Fish',
  'Shellfish',
  'Tree nuts',
  'Peanuts',
  'Wheat',
  'Soy',
  'Sesame',
] as const;
export type ProductAllergen = (typeof PRODUCT_ALLERGENS)[number];

/** Diet labels a product may carry; matching scores Keto, Low carb and Low sugar. */
export const PRODUCT_DIETS = [
  'Vegan',
  'Vegetarian',
  'Keto',
  'Low carb',
  'Low sugar',
  'Gluten-free',
  'Lactose-free',
  'Soy-free',
] as const;
export type ProductDiet = (typeof PRODUCT_DIETS)[number];

/** Label limits behind the carb and sugar diets (net carbs = carbs - fiber, per serving). */
export const DIET_LIMITS = {
  ketoNetCarbsG: 3,
  ketoSugarsG: 2,
  lowCarbNetCarbsG: 5,
  lowSugarSugarsG: 2,
} as const;

/** The member price of a tub: list price less the member discount, rounded to the cent. */
export function memberTubPriceCents(listPriceCents: number, discountPercent: number): number {
  return Math.round((listPriceCents * (100 - discountPercent)) / 100);
}

/** What an image upload is for; it names the stored file. */
export const UPLOAD_KINDS = ['tub', 'sample', 'nutrition', 'logo'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * An image a product or brand may point at: a file of the built catalog (`/catalog/...svg`) or
 * an upload (`/api/uploads/tub-<32 hex>.png`). Nothing else, so no `javascript:` or other origin.
 */
export const IMAGE_PATH_PATTERN =
  /^\/(?:catalog(?:\/[a-z0-9][a-z0-9-]*)+\.svg|api\/uploads\/(?:tub|sample|nutrition|logo)-[a-f0-9]{32}\.(?:png|jpg|webp))$/;

/** Largest image upload once decoded. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

const text = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(max, `Please keep the ${label} under ${max} characters.`);

const imagePath = (label: string) =>
  z
    .string({ error: `Please upload the ${label}.` })
    .trim()
    .min(1, `Please upload the ${label}.`)
    .max(200)
    .regex(IMAGE_PATH_PATTERN, `Please upload the ${label} (PNG, JPEG or WebP).`);

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const grams = (label: string, max = 200) =>
  z
    .number({ error: `Enter the ${label} in grams.` })
    .min(0, `Enter the ${label} in grams (0 or more).`)
    .max(max, `Enter the ${label} in grams (at most ${max}).`);

const uniqueItems = <T>(items: readonly T[]) => new Set(items).size === items.length;

/** The label facts matching reads (calories, carbs, sugars) and the product page summarises. */
export const AdminNutritionSchema = z
  .object({
    /** One serving in grams. */
    servingSizeG: z
      .number({ error: 'Enter the serving size in grams.' })
      .min(1, 'Enter the serving size in grams (1 or more).')
      .max(200, 'Enter the serving size in grams (at most 200).'),
    calories: wholeNumber('Enter the calories per serving (a whole number up to 2000).', 0, 2000),
    totalFatG: grams('fat'),
    totalCarbsG: grams('carbohydrates'),
    fiberG: grams('fiber'),
    totalSugarsG: grams('sugars'),
    /** The ingredient line as printed; may be empty. */
    ingredients: z
      .string()
      .trim()
      .max(2000, 'Please keep the ingredients under 2000 characters.')
      .default(''),
  })
  .strict()
  .superRefine((n, ctx) => {
    if (n.fiberG > n.totalCarbsG) {
      ctx.addIssue({
        code: 'custom',
        path: ['fiberG'],
        message: 'Fiber cannot be more than the carbohydrates.',
      });
    }
    if (n.totalSugarsG > n.totalCarbsG) {
      ctx.addIssue({
        code: 'custom',
        path: ['totalSugarsG'],
        message: 'Sugars cannot be more than the carbohydrates.',
      });
    }
  });
export type AdminNutrition = z.infer<typeof AdminNutritionSchema>;

/**
 * Why these diet labels do not fit the product, as `[diet, message]` pairs; empty when they
 * fit. Matching trusts allergens for safety and the labels for scoring, so both must agree.
 */
export function dietLabelProblems(p: {
  proteinType: string;
  allergens: readonly string[];
  diets: readonly string[];
  nutrition: Pick<AdminNutrition, 'totalCarbsG' | 'fiberG' | 'totalSugarsG'>;
}): Array<[ProductDiet, string]> {
  const has = (a: ProductAllergen) => p.allergens.includes(a);
  const netCarbs = p.nutrition.totalCarbsG - p.nutrition.fiberG;
  const sugars = p.nutrition.totalSugarsG;
  const rules: Record<ProductDiet, [boolean, string]> = {
    Vegan: [
      p.proteinType === 'plant' && !has('Milk') && !has('Egg'),
      'Vegan needs a plant protein with no milk or egg.',
    ],
    Vegetarian: [!has('Fish') && !has('Shellfish'), 'Vegetarian cannot contain fish or shellfish.'],
    Keto: [
      netCarbs <= DIET_LIMITS.ketoNetCarbsG && sugars <= DIET_LIMITS.ketoSugarsG,
      `Keto needs at most ${DIET_LIMITS.ketoNetCarbsG} g net carbs and ${DIET_LIMITS.ketoSugarsG} g sugars.`,
    ],
    'Low carb': [
      netCarbs <= DIET_LIMITS.lowCarbNetCarbsG,
      `Low carb needs at most ${DIET_LIMITS.lowCarbNetCarbsG} g net carbs.`,
    ],
    'Low sugar': [
      sugars <= DIET_LIMITS.lowSugarSugarsG,
      `Low sugar needs at most ${DIET_LIMITS.lowSugarSugarsG} g sugars.`,
    ],
    'Gluten-free': [!has('Wheat'), 'Gluten-free cannot contain wheat.'],
    'Lactose-free': [!has('Milk'), 'Lactose-free cannot contain milk.'],
    'Soy-free': [!has('Soy'), 'Soy-free cannot contain soy.'],
  };
  return PRODUCT_DIETS.filter((d) => p.diets.includes(d) && !rules[d][0]).map((d) => [d, rules[d][1]]);
}

/** POST /admin/products and PUT /admin/products/{id} body: everything an operator edits. */
export const AdminProductInputSchema = z
  .object({
    /** An active brand's id. */
    brandId: z.number({ error: 'Please choose a brand.' }).int().min(1, 'Please choose a brand.'),
    /** The product line ("Gold Standard Whey"). */
    title: plainText(text('title', 120)),
    /** The flavor as shown ("Double Rich Chocolate"). */
    flavor: plainText(text('flavor name', 80)),
    /** Flavors list ids (GET /Types/Flavors), the main family first. */
    flavorIds: z
      .array(z.number().int().min(0).max(10_000), { error: 'Please choose a flavor family.' })
      .min(1, 'Please choose a flavor family.')
      .max(3, 'Choose at most 3 flavor families.')
      .refine(uniqueItems, 'Each flavor family only once.'),
    proteinType: z.enum(PRODUCT_PROTEIN_TYPES, { error: 'Please choose a protein type.' }),
    /** A Textures list id (GET /Types/Textures). */
    textureId: z.number({ error: 'Please choose a texture.' }).int().min(0).max(10_000),
    /** Every major allergen the product contains; matching excludes on these. */
    allergens: z
      .array(z.enum(PRODUCT_ALLERGENS, { error: 'Unknown allergen.' }))
      .max(PRODUCT_ALLERGENS.length)
      .refine(uniqueItems, 'Each allergen only once.'),
    diets: z
      .array(z.enum(PRODUCT_DIETS, { error: 'Unknown diet.' }))
      .max(PRODUCT_DIETS.length)
      .refine(uniqueItems, 'Each diet only once.'),
    /** Grams of protein per serving. */
    gramsProtein: wholeNumber('Enter the grams of protein per serving (1 to 60).', 1, 60),
    /** Net weight of the full-size tub in pounds. */
    sizeLbs: z
      .number({ error: 'Enter the tub size in pounds.' })
      .gt(0, 'Enter the tub size in pounds.')
      .max(20, 'A tub is at most 20 lbs.'),
    description: text('description', 2000),
    suggestedUse: text('suggested use', 1000),
    nutrition: AdminNutritionSchema,
    /** List price of a tub in cents. */
    listPriceCents: wholeNumber('Enter a price above $0.00 (up to $10,000).', 1, 1_000_000),
    /** Member discount in percent (the store promises 25-50%). */
    discountPercent: wholeNumber('Enter a member discount from 25 to 50 percent.', 25, 50),
    /** Single-serving samples on hand; 0 keeps the product out of new boxes. */
    sampleStock: wholeNumber('Enter the samples in stock (0 or more).', 0, 10_000_000),
    /** Full-size tubs on hand. */
    tubStock: wholeNumber('Enter the tubs in stock (0 or more).', 0, 10_000_000),
    tubImagePath: imagePath('tub image'),
    sampleImagePath: imagePath('sample image'),
    nutritionImagePath: imagePath('nutrition label image'),
  })
  .strict()
  .superRefine((p, ctx) => {
    for (const [, message] of dietLabelProblems(p)) {
      ctx.addIssue({ code: 'custom', path: ['diets'], message });
    }
  });
export type AdminProductInput = z.infer<typeof AdminProductInputSchema>;

/** A product as the back office shows it, archived ones included. */
export const AdminProductSchema = z.object({
  id: z.number().int(),
  brandId: z.number().int(),
  brandName: z.string(),
  title: z.string(),
  flavor: z.string(),
  flavorIds: z.array(z.number().int()),
  proteinType: z.string(),
  textureId: z.number().int(),
  allergens: z.array(z.string()),
  diets: z.array(z.string()),
  gramsProtein: z.number().int(),
  sizeLbs: z.number(),
  description: z.string(),
  suggestedUse: z.string(),
  nutrition: z.object({
    servingSizeG: z.number(),
    calories: z.number(),
    totalFatG: z.number(),
    totalCarbsG: z.number(),
    fiberG: z.number(),
    totalSugarsG: z.number(),
    ingredients: z.string(),
  }),
  listPriceCents: z.number().int(),
  discountPercent: z.number().int(),
  /** List price less the member discount, as the shop charges it. */
  memberPriceCents: z.number().int(),
  sampleStock: z.number().int(),
  tubStock: z.number().int(),
  tubImagePath: z.string(),
  sampleImagePath: z.string(),
  nutritionImagePath: z.string(),
  /** False once archived: out of the shop, matching and new boxes. */
  isActive: z.boolean(),
  /** ISO timestamp of the last change. */
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

/** One row of the products table. */
export const AdminProductRowSchema = AdminProductSchema.pick({
  id: true,
  brandId: true,
  brandName: true,
  title: true,
  flavor: true,
  proteinType: true,
  listPriceCents: true,
  discountPercent: true,
  memberPriceCents: true,
  sampleStock: true,
  tubStock: true,
  tubImagePath: true,
  isActive: true,
  updatedAt: true,
});
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;

export const ADMIN_PRODUCT_SORTS = ['title', 'brand', 'price', 'discount', 'stock', 'updated'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** GET /admin/products query: `q` searches title, flavor and brand name. */
export const AdminProductListQuerySchema = z
  .object({
    q: searchField,
    status: archiveStatusField,
    sort: z.enum(ADMIN_PRODUCT_SORTS).default('title'),
    order: orderField,
    page: pageField,
    pageSize: pageSizeField,
  })
  .strict();
export type AdminProductListQuery = z.infer<typeof AdminProductListQuerySchema>;

export const AdminProductPageSchema = pageSchemaOf(AdminProductRowSchema);

/** POST /admin/brands and PUT /admin/brands/{id} body. */
export const AdminBrandInputSchema = z
  .object({
    /** Shown in the quiz's brand step and on every product. */
    name: plainText(text('brand name', 60)),
    logoPath: imagePath('logo'),
  })
  .strict();
export type AdminBrandInput = z.infer<typeof AdminBrandInputSchema>;

export const AdminBrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logoPath: z.string(),
  /** False once archived: left out of the quiz's brand list. */
  isActive: z.boolean(),
  /** Active products of the brand. */
  activeProducts: z.number().int(),
  updatedAt: z.string(),
});
export type AdminBrand = z.infer<typeof AdminBrandSchema>;

export const ADMIN_BRAND_SORTS = ['name', 'products', 'updated'] as const;
export type AdminBrandSort = (typeof ADMIN_BRAND_SORTS)[number];

export const AdminBrandListQuerySchema = z
  .object({
    q: searchField,
    status: archiveStatusField,
    sort: z.enum(ADMIN_BRAND_SORTS).default('name'),
    order: orderField,
    page: pageField,
    pageSize: pageSizeField,
  })
  .strict();
export type AdminBrandListQuery = z.infer<typeof AdminBrandListQuerySchema>;

export const AdminBrandPageSchema = pageSchemaOf(AdminBrandSchema);

/** GET /admin/catalog/options: the choices of the product form. */
export const AdminCatalogOptionsSchema = z.object({
  flavors: z.array(TypeOptionSchema),
  textures: z.array(TypeOptionSchema),
  brands: z.array(z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() })),
});
export type AdminCatalogOptions = z.infer<typeof AdminCatalogOptionsSchema>;

/** The id in `/admin/products/{id}` and `/admin/brands/{id}`. */
export const AdminNumericIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** POST /admin/uploads body: an image as a data URL; the type is read from its bytes. */
export const AdminUploadSchema = z
  .object({
    kind: z.enum(UPLOAD_KINDS),
    /** `data:image/png;base64,...`; PNG, JPEG or WebP, at most 2 MB decoded. SVG is refused. */
    image: z
      .string()
      .min(1)
      .max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 200),
  })
  .strict();
export type AdminUpload = z.infer<typeof AdminUploadSchema>;

export const AdminUploadResultSchema = z.object({
  /** Where the image is served (`/api/uploads/...`); put it in a product or brand. */
  path: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Inboxes: contact messages and partner requests
// ---------------------------------------------------------------------------------------------

/** GET /admin/contact-messages and /admin/partner-requests query. */
export const AdminInboxQuerySchema = z
  .object({
    status: z.enum(['unhandled', 'handled', 'all']).default('unhandled'),
    page: pageField,
    pageSize: pageSizeField,
  })
  .strict();
export type AdminInboxQuery = z.infer<typeof AdminInboxQuerySchema>;

export const AdminUuidParamsSchema = z.object({ id: z.uuid() });

/** POST /admin/contact-messages/{id}/handled (and partner requests) body. */
export const AdminMarkHandledSchema = z.object({ isHandled: z.boolean() }).strict();

export const AdminContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** ISO timestamp, or null while nobody has handled it. */
  handledAt: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessageSchema>;
export const AdminContactMessagePageSchema = pageSchemaOf(AdminContactMessageSchema);

export const AdminPartnerRequestSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  fitnessType: z.string(),
  instagram: z.string(),
  tiktok: z.string(),
  otherSocials: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type AdminPartnerRequest = z.infer<typeof AdminPartnerRequestSchema>;
export const AdminPartnerRequestPageSchema = pageSchemaOf(AdminPartnerRequestSchema);

// ---------------------------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------------------------

/** What an audit row is about. */
export const AUDIT_ENTITY_TYPES = [
  'product',
  'brand',
  'upload',
  'contact_message',
  'partner_request',
  'subscription',
  'order',
  'coupon',
  'review',
  'issue_report',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AdminAuditQuerySchema = z
  .object({
    entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
    entityId: z.string().trim().max(100).optional(),
    page: pageField,
    pageSize: pageSizeField,
  })
  .strict();
export type AdminAuditQuery = z.infer<typeof AdminAuditQuerySchema>;

export const AdminAuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string(),
  /** The operator's address when the change was made. */
  actorEmail: z.string(),
  /** `product.update`, `contact_message.handle`, ... */
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** The entity before and after the change; null where there was none. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;
export const AdminAuditPageSchema = pageSchemaOf(AdminAuditEntrySchema);
