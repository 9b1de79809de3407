import {
  type AdminProduct,
  type AdminProductInput,
  AdminProductInputSchema,
  dietLabelProblems,
} from '@store/contracts';

/**
 * The product form's values as the inputs hold them (text), and the conversion to the API's
 * input, checked by the same schema the server uses.
 */
export interface ProductFormValues {
  brandId: string;
  title: string;
  flavor: string;
  /** The main flavor family (first of flavorIds). */
  mainFlavorId: string;
  /** Up to 2 more flavor families. */
  otherFlavorIds: number[];
  proteinType: string;
  textureId: string;
  allergens: string[];
  diets: string[];
  gramsProtein: string;
  sizeLbs: string;
  description: string;
  suggestedUse: string;
  servingSizeG: string;
  calories: string;
  totalFatG: string;
  totalCarbsG: string;
  fiberG: string;
  totalSugarsG: string;
  ingredients: string;
  /** Dollars as typed ("42.99"). */
  listPrice: string;
  discountPercent: string;
  sampleStock: string;
  tubStock: string;
  tubImagePath: string;
  sampleImagePath: string;
  nutritionImagePath: string;
}

export type ProductFormField = keyof ProductFormValues;

export function emptyProductForm(): ProductFormValues {
  return {
    brandId: '',
    title: '',
    flavor: '',
    mainFlavorId: '',
    otherFlavorIds: [],
    proteinType: '',
    textureId: '',
    allergens: [],
    diets: [],
    gramsProtein: '',
    sizeLbs: '',
    description: '',
    suggestedUse: '',
    servingSizeG: '',
    calories: '',
    totalFatG: '',
    totalCarbsG: '',
    fiberG: '',
    totalSugarsG: '',
    ingredients: '',
    listPrice: '',
    discountPercent: '30',
    sampleStock: '0',
    tubStock: '0',
    tubImagePath: '',
    sampleImagePath: '',
    nutritionImagePath: '',
  };
}

/** "42.99" -> 4299 cents, "$1,042" -> 104200; NaN for anything that is not an amount. */
export function dollarsToCents(text: string): number {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 4299 -> "42.99". */
export function centsToDollarText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A number typed in a field; empty or not a number is NaN, which the schema refuses with its message. */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

export function productFormFrom(p: AdminProduct): ProductFormValues {
  const [main, ...others] = p.flavorIds;
  return {
    brandId: String(p.brandId),
    title: p.title,
    flavor: p.flavor,
    mainFlavorId: main === undefined ? '' : String(main),
    otherFlavorIds: others,
    proteinType: p.proteinType,
    textureId: String(p.textureId),
    allergens: p.allergens,
    diets: p.diets,
    gramsProtein: String(p.gramsProtein),
    sizeLbs: String(p.sizeLbs),
    description: p.description,
    suggestedUse: p.suggestedUse,
    servingSizeG: String(p.nutrition.servingSizeG),
    calories: String(p.nutrition.calories),
    totalFatG: String(p.nutrition.totalFatG),
    totalCarbsG: String(p.nutrition.totalCarbsG),
    fiberG: String(p.nutrition.fiberG),
    totalSugarsG: String(p.nutrition.totalSugarsG),
    ingredients: p.nutrition.ingredients,
    listPrice: centsToDollarText(p.listPriceCents),
    discountPercent: String(p.discountPercent),
    sampleStock: String(p.sampleStock),
    tubStock: String(p.tubStock),
    tubImagePath: p.tubImagePath,
    sampleImagePath: p.sampleImagePath,
    nutritionImagePath: p.nutritionImagePath,
  };
}

/** The API body for these values (not yet checked). */
export function toProductInput(v: ProductFormValues): Record<string, unknown> {
  const main = v.mainFlavorId === '' ? [] : [Number(v.mainFlavorId)];
  return {
    brandId: v.brandId === '' ? Number.NaN : Number(v.brandId),
    title: v.title,
    flavor: v.flavor,
    // Other families count only beside a main one, so a missing main family is reported.
    flavorIds: main.length ? [...main, ...v.otherFlavorIds.filter((id) => !main.includes(id))] : [],
    proteinType: v.proteinType,
    textureId: v.textureId === '' ? Number.NaN : Number(v.textureId),
    allergens: v.allergens,
    diets: v.diets,
    gramsProtein: numberOf(v.gramsProtein),
    sizeLbs: numberOf(v.sizeLbs),
    description: v.description,
    suggestedUse: v.suggestedUse,
    nutrition: {
      servingSizeG: numberOf(v.servingSizeG),
      calories: numberOf(v.calories),
      totalFatG: numberOf(v.totalFatG),
      totalCarbsG: numberOf(v.totalCarbsG),
      fiberG: numberOf(v.fiberG),
      totalSugarsG: numberOf(v.totalSugarsG),
      ingredients: v.ingredients,
    },
    listPriceCents: dollarsToCents(v.listPrice),
    discountPercent: numberOf(v.discountPercent),
    sampleStock: numberOf(v.sampleStock),
    tubStock: numberOf(v.tubStock),
    tubImagePath: v.tubImagePath,
    sampleImagePath: v.sampleImagePath,
    nutritionImagePath: v.nutritionImagePath,
  };
}

/** The form field an API path names ("nutrition.fiberG" -> fiberG, "allergens.0" -> allergens). */
export function formFieldOf(path: string): ProductFormField | undefined {
  const [head, sub] = path.split('.');
  if (head === 'nutrition' && sub) return sub as ProductFormField;
  if (head === 'flavorIds') return 'mainFlavorId';
  if (head === 'listPriceCents') return 'listPrice';
  if (head && head in emptyProductForm()) return head as ProductFormField;
  return undefined;
}

/** Field -> first message, from the schema's issues or the server's `fieldErrors`. */
export function errorsByField(
  issues: ReadonlyArray<{ path: string; message: string }>,
): Partial<Record<ProductFormField, string>> {
  const errors: Partial<Record<ProductFormField, string>> = {};
  for (const { path, message } of issues) {
    const field = formFieldOf(path);
    if (field && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

/** Checks the values with the server's schema: the input to send, or the messages per field. */
export function checkProductForm(
  v: ProductFormValues,
):
  | { input: AdminProductInput; errors: undefined }
  | { input: undefined; errors: Partial<Record<ProductFormField, string>> } {
  const raw = toProductInput(v);
  const result = AdminProductInputSchema.safeParse(raw);
  if (result.success) return { input: result.data, errors: undefined };
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  // The schema checks diet labels only once every field is valid; say it now if the label facts allow.
  const nutrition = raw.nutrition as { totalCarbsG: number; fiberG: number; totalSugarsG: number };
  if ([nutrition.totalCarbsG, nutrition.fiberG, nutrition.totalSugarsG].every(Number.isFinite)) {
    const problems = dietLabelProblems({
      proteinType: v.proteinType,
      allergens: v.allergens,
      diets: v.diets,
      nutrition,
    });
    for (const [, message] of problems) issues.push({ path: 'diets', message });
  }
  return { input: undefined, errors: errorsByField(issues) };
}
