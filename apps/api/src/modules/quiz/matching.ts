import { LACTOSE_RESTRICTION_ID, VEGAN_DIET_ID } from '@store/contracts';
import {
  ANIMAL_PROTEIN_TYPES,
  Diet,
  FitnessGoal,
  Flavor,
  flavorById,
  LifestyleGoal,
  Mix,
  type ProteinType,
  Restrictions,
  Texture,
} from '../catalog/index.ts';

/**
 * Matching (docs/product.md#matching), pure: no database, no clock. Hard filters first (restrictions and
 * allergens, vegan, disliked brands and textures, samples out of stock), then a score from the
 * chosen flavors, liked brands, diets, goals and mixing method, then a brand-diverse ranking
 * with a deterministic tie-break. Every match carries a short reason a person can read.
 */

/** What matching needs to know about a product. */
export interface MatchProduct {
  id: number;
  brandId: number;
  brandName: string;
  /** Flavors list ids, the main family first. */
  flavorIds: readonly number[];
  proteinType: ProteinType;
  textureId: number;
  allergens: readonly string[];
  diets: readonly string[];
  gramsProtein: number;
  calories: number;
  carbsG: number;
  sugarG: number;
  sampleStock: number;
}

/** The quiz answers that matching reads (option ids). */
export interface MatchAnswers {
  flavors: readonly number[];
  brandUsages: readonly number[];
  dislikedBrands: readonly number[];
  textures: readonly number[];
  dietaryPreferences: readonly number[];
  dietaryRestrictions: readonly number[];
  fitnessGoals: readonly number[];
  lifestylePerformanceGoals: readonly number[];
  proteinMixes: readonly number[];
}

export interface Match {
  productId: number;
  score: number;
  reason: string;
}

export interface RankOptions {
  /** How many to return; the first box's prime picks are the top 2. */
  limit?: number;
  /**
   * `all` (results and boxes): every hard filter. `dietary` (shop suggestions): only what is
   * about safety and diet (allergens, lactose, vegan), so brands and stock do not hide products.
   */
  filters?: 'all' | 'dietary';
  /** The member's own reviews: a brand they rated low on average loses score (brandRatingPenalties). */
  ratings?: readonly MemberRating[];
}

/** One of the member's reviews, with the product's brand. */
export interface MemberRating {
  productId: number;
  brandId: number;
  /** 1-5 stars. */
  rating: number;
}

/** Each later pick from a brand already picked loses this much, so the box is not one brand. */
export const BRAND_REPEAT_PENALTY = 15;
export const DEFAULT_MATCH_LIMIT = 6;
/** A brand whose average rating by the member is at most this is penalised. */
export const LOW_BRAND_AVERAGE = 2;
/** Points lost per star below 3 of the member's average rating of a brand (average 2: 20, 1: 40). */
export const LOW_BRAND_PENALTY_PER_STAR = 20;

/**
 * Score lost by each brand the member rated low: an average of LOW_BRAND_AVERAGE stars or less
 * costs LOW_BRAND_PENALTY_PER_STAR for every star below 3, so the lower the average the larger
 * the penalty; brands rated above that average, or not rated, are not in the map.
 */
export function brandRatingPenalties(ratings: readonly MemberRating[]): Map<number, number> {
  const byBrand = new Map<number, { sum: number; count: number }>();
  for (const r of ratings) {
    const b = byBrand.get(r.brandId) ?? { sum: 0, count: 0 };
    b.sum += r.rating;
    b.count += 1;
    byBrand.set(r.brandId, b);
  }
  const penalties = new Map<number, number>();
  for (const [brandId, { sum, count }] of byBrand) {
    const average = sum / count;
    if (average <= LOW_BRAND_AVERAGE)
      penalties.set(brandId, Math.round(LOW_BRAND_PENALTY_PER_STAR * (3 - average)));
  }
  return penalties;
}

const MILK = 'Milk';
const EGG = 'Egg';

/** The allergens a person must avoid, from their restrictions and diet. */
export function excludedAllergens(answers: Pick<MatchAnswers, 'dietaryRestrictions' | 'dietaryPreferences'>) {
  const excluded = new Set<string>();
  for (const id of answers.dietaryRestrictions) {
    const restriction = Restrictions.find((r) => r.id === id);
    if (restriction) excluded.add(restriction.excludes);
  }
  const isVegan = answers.dietaryPreferences.includes(VEGAN_DIET_ID);
  if (isVegan || answers.dietaryRestrictions.includes(LACTOSE_RESTRICTION_ID)) excluded.add(MILK);
  if (isVegan) excluded.add(EGG);
  return excluded;
}

/** Why a product is excluded for these answers, or undefined when it passes every hard filter. */
export function hardFilterViolation(
  answers: MatchAnswers,
  product: MatchProduct,
  filters: 'all' | 'dietary' = 'all',
): string | undefined {
  const excluded = excludedAllergens(answers);
  const allergen = product.allergens.find((a) => excluded.has(a));
  if (allergen) return `contains ${allergen.toLowerCase()}`;
  if (answers.dietaryPreferences.includes(VEGAN_DIET_ID) && ANIMAL_PROTEIN_TYPES.has(product.proteinType)) {
    return 'animal protein';
  }
  if (filters === 'dietary') return undefined;
  if (answers.dislikedBrands.includes(product.brandId)) return 'disliked brand';
  if (answers.textures.includes(product.textureId)) return 'disliked texture';
  if (product.sampleStock <= 0) return 'samples out of stock';
  return undefined;
}

interface Signal {
  points: number;
  /** Words for the reason; signals without words still count. */
  words?: string;
}

const DESSERT_FLAVORS = new Set<number>([
  Flavor.chocolate,
  Flavor.cookiesCream,
  Flavor.peanutButter,
  Flavor.birthdayCake,
  Flavor.caramel,
  Flavor.mint,
]);
const SMOOTHIE_FLAVORS = new Set<number>([
  Flavor.vanilla,
  Flavor.unflavored,
  Flavor.fruity,
  Flavor.banana,
  Flavor.strawberry,
]);
const COFFEE_FLAVORS = new Set<number>([Flavor.coffee, Flavor.vanilla, Flavor.caramel, Flavor.unflavored]);
const BREAKFAST_BOWL_FLAVORS = new Set<number>([
  Flavor.vanilla,
  Flavor.cinnamon,
  Flavor.chocolate,
  Flavor.peanutButter,
  Flavor.unflavored,
  Flavor.banana,
]);
const BAKING_FLAVORS = new Set<number>([Flavor.unflavored, Flavor.vanilla, Flavor.chocolate]);

const isWhey = (p: MatchProduct) => p.proteinType === 'whey' || p.proteinType === 'isolate';
const slowProtein = (p: MatchProduct) => p.proteinType === 'casein' || p.proteinType === 'blend';
const hasFlavorIn = (p: MatchProduct, set: Set<number>) => p.flavorIds.some((f) => set.has(f));

function flavorSignal(answers: MatchAnswers, product: MatchProduct): Signal | undefined {
  const [main, ...others] = product.flavorIds;
  if (main !== undefined && answers.flavors.includes(main)) {
    return { points: 40, words: `${flavorById(main)?.shortName ?? 'A flavor'}, which you chose` };
  }
  const secondary = others.find((f) => answers.flavors.includes(f));
  if (secondary !== undefined) {
    return { points: 20, words: `${flavorById(secondary)?.shortName ?? 'A flavor'} notes, which you chose` };
  }
  return undefined;
}

function goalSignals(answers: MatchAnswers, p: MatchProduct): Signal[] {
  const signals: Signal[] = [];
  const goals = new Set(answers.fitnessGoals);
  if (goals.has(FitnessGoal.buildMuscle)) {
    const points = Math.max(0, Math.min(14, (p.gramsProtein - 20) * 2));
    signals.push({
      points,
      words: p.gramsProtein >= 24 ? `${p.gramsProtein} g of protein for building muscle` : undefined,
    });
  }
  if (goals.has(FitnessGoal.loseWeight)) {
    if (p.calories <= 110) signals.push({ points: 12, words: `only ${p.calories} calories a scoop` });
    else if (p.calories <= 130) signals.push({ points: 6 });
  }
  if (goals.has(FitnessGoal.getLean)) {
    if (p.proteinType === 'isolate') signals.push({ points: 10, words: 'lean isolate protein' });
    if (p.calories <= 120) signals.push({ points: 4 });
  }
  if (goals.has(FitnessGoal.recover)) {
    if (isWhey(p)) signals.push({ points: 10, words: 'fast-digesting whey for recovery' });
    else if (p.proteinType === 'blend') signals.push({ points: 5 });
  }
  if (goals.has(FitnessGoal.endurance)) {
    if (p.carbsG >= 10) signals.push({ points: 14, words: 'carbs to refuel after long sessions' });
    if (p.proteinType === 'blend') signals.push({ points: 4 });
  }
  if (goals.has(FitnessGoal.gainWeight)) {
    if (p.calories >= 140) signals.push({ points: 10, words: 'extra calories to help you gain' });
    else if (p.calories >= 130) signals.push({ points: 4 });
  }
  if (goals.has(FitnessGoal.stayHealthy)) {
    if (p.sugarG <= 1) signals.push({ points: 5, words: 'low in sugar' });
    if (p.proteinType === 'plant') signals.push({ points: 5 });
  }
  const lifestyle = new Set(answers.lifestylePerformanceGoals);
  if (lifestyle.has(LifestyleGoal.energy) && p.flavorIds.includes(Flavor.coffee)) {
    signals.push({ points: 10, words: 'real coffee for an energy lift' });
  }
  if (lifestyle.has(LifestyleGoal.sleep)) {
    if (p.proteinType === 'casein') signals.push({ points: 15, words: 'slow casein for overnight recovery' });
    else if (p.proteinType === 'blend') signals.push({ points: 6 });
  }
  if (lifestyle.has(LifestyleGoal.cravings) && slowProtein(p)) {
    signals.push({ points: 8, words: 'keeps you full between meals' });
  }
  if (lifestyle.has(LifestyleGoal.breakfast)) {
    const filling = slowProtein(p) || p.textureId === Texture.thickCreamy;
    if (filling) signals.push({ points: 6, words: 'a filling breakfast shake' });
  }
  if (lifestyle.has(LifestyleGoal.aging)) {
    if (p.gramsProtein >= 24) signals.push({ points: 5 });
    if (p.proteinType === 'casein') signals.push({ points: 4 });
  }
  if (lifestyle.has(LifestyleGoal.performance) && isWhey(p)) signals.push({ points: 6 });
  return signals;
}

function dietSignals(answers: MatchAnswers, p: MatchProduct): Signal[] {
  const signals: Signal[] = [];
  const prefs = new Set(answers.dietaryPreferences);
  if (prefs.has(Diet.keto) && p.diets.includes('Keto')) signals.push({ points: 12, words: 'keto-friendly' });
  if (prefs.has(Diet.lowCarb) && p.diets.includes('Low carb')) signals.push({ points: 8, words: 'low carb' });
  if (prefs.has(Diet.lowSugar) && p.diets.includes('Low sugar'))
    signals.push({ points: 8, words: 'low sugar' });
  return signals;
}

function mixSignals(answers: MatchAnswers, p: MatchProduct): Signal[] {
  const signals: Signal[] = [];
  const mixes = new Set(answers.proteinMixes);
  if (mixes.has(Mix.water)) {
    if (p.textureId === Texture.clear || p.proteinType === 'isolate') {
      signals.push({ points: 8, words: 'mixes clean with just water' });
    } else if (p.textureId === Texture.smoothLight)
      signals.push({ points: 6, words: 'mixes smoothly with water' });
    else if (p.textureId === Texture.grainy) signals.push({ points: -4 });
  }
  if (mixes.has(Mix.milk)) {
    if (p.textureId === Texture.thickCreamy) signals.push({ points: 4 });
    if (hasFlavorIn(p, DESSERT_FLAVORS))
      signals.push({ points: 4, words: 'tastes like a milkshake with milk' });
  }
  if (mixes.has(Mix.plantMilk) && p.proteinType === 'plant') {
    signals.push({ points: 6, words: 'made for plant milk' });
  }
  if (mixes.has(Mix.smoothies) && hasFlavorIn(p, SMOOTHIE_FLAVORS)) {
    signals.push({ points: 8, words: 'blends well into smoothies' });
  }
  if (mixes.has(Mix.coffee)) {
    if (hasFlavorIn(p, COFFEE_FLAVORS)) signals.push({ points: 8, words: 'goes well in your coffee' });
    if (p.textureId === Texture.frothy) signals.push({ points: 3 });
  }
  if (mixes.has(Mix.oatmealYogurt)) {
    if (p.proteinType === 'casein') signals.push({ points: 6, words: 'stirs into oatmeal or yogurt' });
    else if (hasFlavorIn(p, BREAKFAST_BOWL_FLAVORS))
      signals.push({ points: 4, words: 'stirs into oatmeal or yogurt' });
  }
  if (mixes.has(Mix.baking)) {
    if (slowProtein(p)) signals.push({ points: 5, words: 'holds up in baking' });
    if (hasFlavorIn(p, BAKING_FLAVORS)) signals.push({ points: 4 });
  }
  return signals;
}

/** The words about safety for this person ("vegan", "lactose-free"), at most three. */
function safetyWords(answers: MatchAnswers): string[] {
  const words: string[] = [];
  if (answers.dietaryPreferences.includes(VEGAN_DIET_ID)) words.push('vegan');
  for (const r of Restrictions) if (answers.dietaryRestrictions.includes(r.id)) words.push(r.freeOf);
  return words.slice(0, 3);
}

/** The score and reason of one product that passed the hard filters. */
export function scoreProduct(
  answers: MatchAnswers,
  product: MatchProduct,
): { score: number; reason: string } {
  const signals: Signal[] = [];
  const flavor = flavorSignal(answers, product);
  if (flavor) signals.push(flavor);
  if (answers.brandUsages.includes(product.brandId)) {
    signals.push({ points: 25, words: `from ${product.brandName}, a brand you enjoy` });
  }
  signals.push(
    ...dietSignals(answers, product),
    ...goalSignals(answers, product),
    ...mixSignals(answers, product),
  );
  const score = signals.reduce((sum, s) => sum + s.points, 0);
  // The two strongest things said about the product, then what keeps it safe for this person.
  const spoken = signals
    .filter((s) => s.words && s.points > 0)
    .sort((a, b) => b.points - a.points)
    .slice(0, 2)
    .map((s) => s.words!);
  const safety = safetyWords(answers);
  const parts = [...spoken];
  if (safety.length) parts.push(safety.join(', '));
  if (!parts.length) parts.push(`${product.gramsProtein} g of protein per scoop`);
  const reason = parts.join('; ');
  return { score, reason: reason.charAt(0).toUpperCase() + reason.slice(1) };
}

/**
 * The ranked matches: products that pass the hard filters, best first (a brand the member rated
 * low loses its brandRatingPenalties first). Picks are made one at a time and a brand already picked costs BRAND_REPEAT_PENALTY per earlier pick, so the top of
 * the list spreads across brands; equal scores go to the lower product id.
 */
export function rankProducts(
  answers: MatchAnswers,
  products: readonly MatchProduct[],
  options: RankOptions = {},
): Match[] {
  const limit = options.limit ?? DEFAULT_MATCH_LIMIT;
  const filters = options.filters ?? 'all';
  const penalties = brandRatingPenalties(options.ratings ?? []);
  const candidates = products
    .filter((p) => hardFilterViolation(answers, p, filters) === undefined)
    .map((p) => {
      const scored = scoreProduct(answers, p);
      return { product: p, reason: scored.reason, score: scored.score - (penalties.get(p.brandId) ?? 0) };
    })
    .sort((a, b) => b.score - a.score || a.product.id - b.product.id);

  const picked: Match[] = [];
  const brandCount = new Map<number, number>();
  const remaining = [...candidates];
  while (picked.length < limit && remaining.length > 0) {
    let bestIndex = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < remaining.length; i++) {
      const c = remaining[i]!;
      const value = c.score - BRAND_REPEAT_PENALTY * (brandCount.get(c.product.brandId) ?? 0);
      // `remaining` is sorted by score then id, so the first of equal values has the lower id.
      if (value > bestValue) {
        bestValue = value;
        bestIndex = i;
      }
    }
    const [best] = remaining.splice(bestIndex, 1);
    picked.push({ productId: best!.product.id, score: best!.score, reason: best!.reason });
    brandCount.set(best!.product.brandId, (brandCount.get(best!.product.brandId) ?? 0) + 1);
  }
  return picked;
}
