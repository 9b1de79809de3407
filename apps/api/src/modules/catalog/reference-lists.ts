import type { TypeListName } from '@store/contracts';

/**
 * The quiz's reference lists (docs/product.md#calls `GET /Types/...`), except ProteinBrands, which come
 * from the brands table. They live in code, not in the database, because matching gives each id
 * a meaning (a restriction excludes an allergen, a flavor is a family of products); the ids are
 * part of the wire contract and never change (docs/api-conventions.md#fixed-ids: vegan diet 0, lactose restriction 2).
 */

export interface ReferenceOption {
  id: number;
  displayName: string;
}

/** The allergens a product can contain: FDA's nine major food allergens. */
export const Allergens = [
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
export type Allergen = (typeof Allergens)[number];

/** The protein types of the catalog. */
export const ProteinTypes = ['whey', 'isolate', 'plant', 'casein', 'blend'] as const;
export type ProteinType = (typeof ProteinTypes)[number];

/** Protein types made from milk or eggs: excluded for a vegan diet whatever their allergens say. */
export const ANIMAL_PROTEIN_TYPES: ReadonlySet<ProteinType> = new Set(['whey', 'isolate', 'casein', 'blend']);

export const Countries: ReferenceOption[] = [{ id: 1, displayName: 'United States' }];

export const ExerciseTypes: ReferenceOption[] = [
  { id: 0, displayName: 'Weight training' },
  { id: 1, displayName: 'Running' },
  { id: 2, displayName: 'Cycling or spinning' },
  { id: 3, displayName: 'HIIT or CrossFit' },
  { id: 4, displayName: 'Yoga or Pilates' },
  { id: 5, displayName: 'Swimming' },
  { id: 6, displayName: 'Team sports' },
  { id: 7, displayName: 'Walking or hiking' },
  { id: 8, displayName: 'Boxing or martial arts' },
  { id: 9, displayName: 'Something else' },
];

export const ExerciseFrequencies: ReferenceOption[] = [
  { id: 0, displayName: 'Rarely or never' },
  { id: 1, displayName: '1-2 times a week' },
  { id: 2, displayName: '3-4 times a week' },
  { id: 3, displayName: '5-6 times a week' },
  { id: 4, displayName: 'Every day' },
];

export const FitnessGoal = {
  buildMuscle: 0,
  loseWeight: 1,
  getLean: 2,
  recover: 3,
  endurance: 4,
  gainWeight: 5,
  stayHealthy: 6,
} as const;

export const FitnessGoals: ReferenceOption[] = [
  { id: FitnessGoal.buildMuscle, displayName: 'Build muscle' },
  { id: FitnessGoal.loseWeight, displayName: 'Lose weight' },
  { id: FitnessGoal.getLean, displayName: 'Tone up and get lean' },
  { id: FitnessGoal.recover, displayName: 'Recover faster' },
  { id: FitnessGoal.endurance, displayName: 'Improve endurance' },
  { id: FitnessGoal.gainWeight, displayName: 'Gain weight' },
  { id: FitnessGoal.stayHealthy, displayName: 'Stay healthy' },
];

export const LifestyleGoal = {
  energy: 0,
  sleep: 1,
  cravings: 2,
  breakfast: 3,
  aging: 4,
  performance: 5,
} as const;

export const LifestylePerformanceGoals: ReferenceOption[] = [
  { id: LifestyleGoal.energy, displayName: 'More energy through the day' },
  { id: LifestyleGoal.sleep, displayName: 'Better sleep and overnight recovery' },
  { id: LifestyleGoal.cravings, displayName: 'Fewer cravings between meals' },
  { id: LifestyleGoal.breakfast, displayName: 'A quick breakfast on the go' },
  { id: LifestyleGoal.aging, displayName: 'Healthy aging' },
  { id: LifestyleGoal.performance, displayName: 'Athletic performance' },
];

export const Diet = {
  vegan: 0,
  vegetarian: 1,
  keto: 2,
  lowCarb: 3,
  lowSugar: 4,
  none: 5,
} as const;

export const DietaryPreferences: ReferenceOption[] = [
  { id: Diet.vegan, displayName: 'Vegan' },
  { id: Diet.vegetarian, displayName: 'Vegetarian' },
  { id: Diet.keto, displayName: 'Keto' },
  { id: Diet.lowCarb, displayName: 'Low carb' },
  { id: Diet.lowSugar, displayName: 'Low sugar' },
  { id: Diet.none, displayName: 'No specific diet' },
];

/** The diet label a product carries for each diet preference that is a label (vegan is a hard filter). */
export const DIET_LABEL_BY_PREFERENCE: Readonly<Record<number, string>> = {
  [Diet.vegan]: 'Vegan',
  [Diet.vegetarian]: 'Vegetarian',
  [Diet.keto]: 'Keto',
  [Diet.lowCarb]: 'Low carb',
  [Diet.lowSugar]: 'Low sugar',
};

export interface RestrictionOption extends ReferenceOption {
  /** The allergen a product must not contain for someone with this restriction. */
  excludes: Allergen;
  /** How a product that passes is described in a match reason ("lactose-free"). */
  freeOf: string;
}

export const Restrictions: RestrictionOption[] = [
  {
    id: 0,
    displayName: 'Gluten-free (celiac or gluten sensitivity)',
    excludes: 'Wheat',
    freeOf: 'gluten-free',
  },
  { id: 1, displayName: 'Soy allergy', excludes: 'Soy', freeOf: 'soy-free' },
  // docs/api-conventions.md#fixed-ids: id 2 is the lactose restriction; the store treats it as dairy-free.
  { id: 2, displayName: 'Lactose intolerant', excludes: 'Milk', freeOf: 'lactose-free' },
  { id: 3, displayName: 'Peanut allergy', excludes: 'Peanuts', freeOf: 'peanut-free' },
  { id: 4, displayName: 'Tree nut allergy', excludes: 'Tree nuts', freeOf: 'tree-nut-free' },
  { id: 5, displayName: 'Egg allergy', excludes: 'Egg', freeOf: 'egg-free' },
  { id: 6, displayName: 'Sesame allergy', excludes: 'Sesame', freeOf: 'sesame-free' },
];

export interface FlavorOption extends ReferenceOption {
  /** How a match reason names the family ("Chocolate, which you chose"). */
  shortName: string;
  /** File name stem of the flavor family's card background (`/catalog/flavors/{slug}.svg`). */
  slug: string;
  /** Two colours for the background, light to deep. */
  colors: [string, string];
}

export const Flavor = {
  chocolate: 0,
  vanilla: 1,
  strawberry: 2,
  cookiesCream: 3,
  peanutButter: 4,
  caramel: 5,
  coffee: 6,
  birthdayCake: 7,
  cinnamon: 8,
  banana: 9,
  mint: 10,
  fruity: 11,
  unflavored: 12,
} as const;

export const Flavors: FlavorOption[] = [
  {
    id: Flavor.chocolate,
    displayName: 'Chocolate',
    shortName: 'Chocolate',
    slug: 'chocolate',
    colors: ['#f3e3d6', '#7b4a2e'],
  },
  {
    id: Flavor.vanilla,
    displayName: 'Vanilla',
    shortName: 'Vanilla',
    slug: 'vanilla',
    colors: ['#fff8e6', '#e8c77a'],
  },
  {
    id: Flavor.strawberry,
    displayName: 'Strawberry',
    shortName: 'Strawberry',
    slug: 'strawberry',
    colors: ['#ffe8ec', '#e5566f'],
  },
  {
    id: Flavor.cookiesCream,
    displayName: 'Cookies & Cream',
    shortName: 'Cookies & Cream',
    slug: 'cookies-cream',
    colors: ['#f2f2f2', '#3b3b3b'],
  },
  {
    id: Flavor.peanutButter,
    displayName: 'Peanut Butter',
    shortName: 'Peanut Butter',
    slug: 'peanut-butter',
    colors: ['#fbecd9', '#b9773a'],
  },
  {
    id: Flavor.caramel,
    displayName: 'Salted Caramel',
    shortName: 'Salted Caramel',
    slug: 'caramel',
    colors: ['#fdf0dc', '#c98532'],
  },
  {
    id: Flavor.coffee,
    displayName: 'Coffee & Mocha',
    shortName: 'Coffee & Mocha',
    slug: 'coffee',
    colors: ['#efe4dc', '#5a3a29'],
  },
  {
    id: Flavor.birthdayCake,
    displayName: 'Birthday Cake',
    shortName: 'Birthday Cake',
    slug: 'birthday-cake',
    colors: ['#fff0f7', '#e77fb3'],
  },
  {
    id: Flavor.cinnamon,
    displayName: 'Cinnamon & Spice',
    shortName: 'Cinnamon & Spice',
    slug: 'cinnamon',
    colors: ['#fbeadf', '#b5562b'],
  },
  {
    id: Flavor.banana,
    displayName: 'Banana',
    shortName: 'Banana',
    slug: 'banana',
    colors: ['#fffbe0', '#e6c229'],
  },
  {
    id: Flavor.mint,
    displayName: 'Mint Chocolate',
    shortName: 'Mint Chocolate',
    slug: 'mint',
    colors: ['#e6f7ef', '#2f9e6e'],
  },
  {
    id: Flavor.fruity,
    displayName: 'Fruity (berry, citrus, tropical)',
    shortName: 'Fruity',
    slug: 'fruity',
    colors: ['#fff1e0', '#f0643c'],
  },
  {
    id: Flavor.unflavored,
    displayName: 'Unflavored',
    shortName: 'Unflavored',
    slug: 'unflavored',
    colors: ['#f4f4f2', '#9a9a92'],
  },
];

export const Mix = {
  water: 0,
  milk: 1,
  plantMilk: 2,
  smoothies: 3,
  coffee: 4,
  oatmealYogurt: 5,
  baking: 6,
} as const;

export const ProteinMixes: ReferenceOption[] = [
  { id: Mix.water, displayName: 'Water' },
  { id: Mix.milk, displayName: 'Milk' },
  { id: Mix.plantMilk, displayName: 'Almond, oat or soy milk' },
  { id: Mix.smoothies, displayName: 'Smoothies' },
  { id: Mix.coffee, displayName: 'Coffee' },
  { id: Mix.oatmealYogurt, displayName: 'Oatmeal or yogurt' },
  { id: Mix.baking, displayName: 'Baking and cooking' },
];

export const Texture = {
  thickCreamy: 0,
  smoothLight: 1,
  clear: 2,
  grainy: 3,
  frothy: 4,
} as const;

/** A product has one of these textures; the quiz's step 7 asks which ones the person dislikes. */
export const Textures: ReferenceOption[] = [
  { id: Texture.thickCreamy, displayName: 'Thick and creamy' },
  { id: Texture.smoothLight, displayName: 'Smooth and light' },
  { id: Texture.clear, displayName: 'Clear and juice-like' },
  { id: Texture.grainy, displayName: 'Slightly grainy' },
  { id: Texture.frothy, displayName: 'Frothy' },
];

/** Every list except ProteinBrands, by its canonical name. */
export const StaticReferenceLists: Readonly<
  Record<Exclude<TypeListName, 'ProteinBrands'>, ReferenceOption[]>
> = {
  Countries,
  ExerciseTypes,
  ExerciseFrequencies,
  FitnessGoals,
  LifestylePerformanceGoals,
  DietaryPreferences,
  Restrictions,
  Flavors,
  ProteinMixes,
  Textures,
};

export function flavorById(id: number): FlavorOption | undefined {
  return Flavors.find((f) => f.id === id);
}

export function textureName(id: number): string {
  return Textures.find((t) => t.id === id)?.displayName ?? 'Smooth and light';
}
