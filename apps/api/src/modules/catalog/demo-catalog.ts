import type { NutritionFacts } from './catalog.table.ts';
import { type Allergen, Flavor, flavorById, type ProteinType, Texture } from './reference-lists.ts';

/**
 * The demo catalog (docs/product.md#demo-data-and-sandbox): 9 made-up brands and 46 products. The seeder writes it to the
 * database and scripts/generate-catalog-images.mjs draws its images from it, so both read
 * this one file. Each spec holds the label's key numbers; everything a person could check
 * against them (diets, ingredients, the rest of the label, the copy) is derived here, so the
 * facts stay consistent: a vegan product contains no milk, calories add up from the macros.
 */

export interface DemoBrand {
  id: number;
  name: string;
  slug: string;
  tagline: string;
  /** Logo and tub colours. */
  colors: { primary: string; accent: string; ink: string };
}

export const demoBrands: DemoBrand[] = [
  {
    id: 1,
    name: 'Ironclad Nutrition',
    slug: 'ironclad',
    tagline: 'Whey for people who lift',
    colors: { primary: '#1f2a44', accent: '#f57c00', ink: '#ffffff' },
  },
  {
    id: 2,
    name: 'Verdant Roots',
    slug: 'verdant-roots',
    tagline: 'Organic plant protein',
    colors: { primary: '#2e6b34', accent: '#c5e1a5', ink: '#ffffff' },
  },
  {
    id: 3,
    name: 'Summit Labs',
    slug: 'summit-labs',
    tagline: 'Isolates, filtered further',
    colors: { primary: '#0d47a1', accent: '#4fc3f7', ink: '#ffffff' },
  },
  {
    id: 4,
    name: 'Moonrise Nutrition',
    slug: 'moonrise',
    tagline: 'Protein for the night shift of recovery',
    colors: { primary: '#311b92', accent: '#ffd54f', ink: '#ffffff' },
  },
  {
    id: 5,
    name: 'Golden Pasture',
    slug: 'golden-pasture',
    tagline: 'Grass-fed whey from family farms',
    colors: { primary: '#6d4c41', accent: '#ffca28', ink: '#ffffff' },
  },
  {
    id: 6,
    name: 'Kinetic Fuel',
    slug: 'kinetic-fuel',
    tagline: 'Blends built for training days',
    colors: { primary: '#b71c1c', accent: '#212121', ink: '#ffffff' },
  },
  {
    id: 7,
    name: 'Sprout Theory',
    slug: 'sprout-theory',
    tagline: 'Sprouted seeds, smooth shakes',
    colors: { primary: '#00796b', accent: '#ffe082', ink: '#ffffff' },
  },
  {
    id: 8,
    name: 'Pure Form',
    slug: 'pure-form',
    tagline: 'Short labels, nothing to hide',
    colors: { primary: '#37474f', accent: '#b0bec5', ink: '#ffffff' },
  },
  {
    id: 9,
    name: 'Velvet Scoop',
    slug: 'velvet-scoop',
    tagline: 'Dessert flavors, real protein',
    colors: { primary: '#ad1457', accent: '#f8bbd0', ink: '#ffffff' },
  },
];

/** What the catalog's author writes down for one product: the label's key numbers per serving. */
interface ProductSpec {
  id: number;
  brandId: number;
  /** The product line ("100% Whey Protein"). */
  line: string;
  /** The flavor as shown ("Double Rich Chocolate"). */
  flavor: string;
  /** Flavor families, the main one first (its card background). */
  flavorIds: number[];
  type: ProteinType;
  texture: number;
  allergens: Allergen[];
  /** Protein sources when they are not the type's usual ones. */
  source?: string;
  sweetener?: 'none' | 'stevia' | 'monk fruit' | 'sucralose' | 'cane sugar';
  servingG: number;
  calories: number;
  proteinG: number;
  fatG: number;
  carbsG: number;
  fiberG: number;
  sugarG: number;
  lbs: number;
  priceCents: number;
  discount: number;
  sampleStock?: number;
  tubStock?: number;
  /** One sentence about the flavor, in the store's voice. */
  note: string;
}

const specs: ProductSpec[] = [
  // Ironclad Nutrition: whey and isolate for strength training.
  {
    id: 1,
    brandId: 1,
    line: '100% Whey Protein',
    flavor: 'Double Rich Chocolate',
    flavorIds: [Flavor.chocolate],
    type: 'whey',
    texture: Texture.thickCreamy,
    allergens: ['Milk', 'Soy'],
    servingG: 32,
    calories: 130,
    proteinG: 24,
    fatG: 2,
    carbsG: 5,
    fiberG: 1,
    sugarG: 2,
    lbs: 5,
    priceCents: 6499,
    discount: 35,
    note: 'Deep, dark cocoa that tastes like a chocolate milkshake when you mix it with milk.',
  },
  {
    id: 2,
    brandId: 1,
    line: '100% Whey Protein',
    flavor: 'Vanilla Ice Cream',
    flavorIds: [Flavor.vanilla],
    type: 'whey',
    texture: Texture.smoothLight,
    allergens: ['Milk', 'Soy'],
    servingG: 31,
    calories: 120,
    proteinG: 24,
    fatG: 1.5,
    carbsG: 4,
    fiberG: 0,
    sugarG: 2,
    lbs: 5,
    priceCents: 6499,
    discount: 35,
    note: 'A soft-serve vanilla that works on its own and as a base for fruit smoothies.',
  },
  {
    id: 3,
    brandId: 1,
    line: 'Isolate Pro',
    flavor: 'Cookies & Cream',
    flavorIds: [Flavor.cookiesCream, Flavor.vanilla],
    type: 'isolate',
    texture: Texture.smoothLight,
    allergens: ['Milk', 'Soy', 'Wheat'],
    servingG: 32,
    calories: 120,
    proteinG: 25,
    fatG: 1,
    carbsG: 3,
    fiberG: 0,
    sugarG: 1,
    lbs: 3,
    priceCents: 5999,
    discount: 30,
    note: 'Sweet cream with real chocolate cookie pieces you can see in the shaker.',
  },
  {
    id: 4,
    brandId: 1,
    line: 'Isolate Pro',
    flavor: 'Chocolate Peanut Butter',
    flavorIds: [Flavor.peanutButter, Flavor.chocolate],
    type: 'isolate',
    texture: Texture.thickCreamy,
    allergens: ['Milk', 'Peanuts'],
    servingG: 32,
    calories: 120,
    proteinG: 25,
    fatG: 1.5,
    carbsG: 3,
    fiberG: 1,
    sugarG: 1,
    lbs: 3,
    priceCents: 5999,
    discount: 30,
    note: 'Roasted peanut flour and cocoa, like the inside of a peanut butter cup.',
  },
  {
    id: 5,
    brandId: 1,
    line: '100% Whey Protein',
    flavor: 'Mocha Cappuccino',
    flavorIds: [Flavor.coffee, Flavor.chocolate],
    type: 'whey',
    texture: Texture.frothy,
    allergens: ['Milk', 'Soy'],
    servingG: 32,
    calories: 130,
    proteinG: 24,
    fatG: 2,
    carbsG: 4,
    fiberG: 0,
    sugarG: 2,
    lbs: 5,
    priceCents: 6499,
    discount: 40,
    note: 'Real instant coffee and cocoa with a frothy top, about 60 mg of caffeine a scoop.',
  },

  // Verdant Roots: organic pea and brown rice protein.
  {
    id: 6,
    brandId: 2,
    line: 'Organic Plant Protein',
    flavor: 'Dark Chocolate',
    flavorIds: [Flavor.chocolate],
    type: 'plant',
    texture: Texture.grainy,
    allergens: [],
    sweetener: 'monk fruit',
    servingG: 40,
    calories: 150,
    proteinG: 21,
    fatG: 3,
    carbsG: 9,
    fiberG: 4,
    sugarG: 1,
    lbs: 2,
    priceCents: 4499,
    discount: 25,
    note: 'Bittersweet cocoa with an earthy finish; blend it with a banana for the smoothest shake.',
  },
  {
    id: 7,
    brandId: 2,
    line: 'Organic Plant Protein',
    flavor: 'Vanilla Bean',
    flavorIds: [Flavor.vanilla],
    type: 'plant',
    texture: Texture.smoothLight,
    allergens: [],
    sweetener: 'monk fruit',
    servingG: 38,
    calories: 140,
    proteinG: 21,
    fatG: 2.5,
    carbsG: 7,
    fiberG: 3,
    sugarG: 1,
    lbs: 2,
    priceCents: 4499,
    discount: 25,
    note: 'Warm vanilla bean that stays in the background, so it pairs with any fruit.',
  },
  {
    id: 8,
    brandId: 2,
    line: 'Organic Plant Protein',
    flavor: 'Peanut Butter Cookie',
    flavorIds: [Flavor.peanutButter],
    type: 'plant',
    texture: Texture.grainy,
    allergens: ['Peanuts'],
    sweetener: 'monk fruit',
    servingG: 40,
    calories: 160,
    proteinG: 21,
    fatG: 4,
    carbsG: 8,
    fiberG: 3,
    sugarG: 2,
    lbs: 2,
    priceCents: 4699,
    discount: 30,
    note: 'Made with roasted peanut flour for a nutty, brown-sugar cookie taste.',
  },
  {
    id: 9,
    brandId: 2,
    line: 'Organic Plant Protein',
    flavor: 'Mixed Berry',
    flavorIds: [Flavor.fruity, Flavor.strawberry],
    type: 'plant',
    texture: Texture.smoothLight,
    allergens: [],
    sweetener: 'monk fruit',
    servingG: 37,
    calories: 130,
    proteinG: 20,
    fatG: 2,
    carbsG: 8,
    fiberG: 3,
    sugarG: 2,
    lbs: 2,
    priceCents: 4299,
    discount: 25,
    note: 'Strawberry, blueberry and raspberry powders give it a bright, jammy flavor.',
  },
  {
    id: 10,
    brandId: 2,
    line: 'Organic Plant Protein',
    flavor: 'Unflavored',
    flavorIds: [Flavor.unflavored],
    type: 'plant',
    texture: Texture.grainy,
    allergens: [],
    sweetener: 'none',
    servingG: 30,
    calories: 110,
    proteinG: 22,
    fatG: 2,
    carbsG: 2,
    fiberG: 1,
    sugarG: 0,
    lbs: 2,
    priceCents: 3499,
    discount: 30,
    note: 'Just two ingredients and no sweetener, so it disappears into soups, oats and smoothies.',
  },

  // Summit Labs: isolates and clear whey.
  {
    id: 11,
    brandId: 3,
    line: 'Clear Whey Isolate',
    flavor: 'Tropical Mango',
    flavorIds: [Flavor.fruity],
    type: 'isolate',
    texture: Texture.clear,
    allergens: ['Milk'],
    servingG: 31,
    calories: 100,
    proteinG: 25,
    fatG: 0,
    carbsG: 1,
    fiberG: 0,
    sugarG: 0,
    lbs: 1.5,
    priceCents: 4499,
    discount: 30,
    note: 'Ripe mango and passion fruit in a drink that looks and tastes like iced juice.',
  },
  {
    id: 12,
    brandId: 3,
    line: 'Clear Whey Isolate',
    flavor: 'Pink Lemonade',
    flavorIds: [Flavor.fruity, Flavor.strawberry],
    type: 'isolate',
    texture: Texture.clear,
    allergens: ['Milk'],
    servingG: 31,
    calories: 100,
    proteinG: 25,
    fatG: 0,
    carbsG: 1,
    fiberG: 0,
    sugarG: 0,
    lbs: 1.5,
    priceCents: 4499,
    discount: 35,
    note: 'Tart lemon with a splash of strawberry; refreshing straight after a hot workout.',
  },
  {
    id: 13,
    brandId: 3,
    line: 'Isolate 90',
    flavor: 'Salted Caramel',
    flavorIds: [Flavor.caramel],
    type: 'isolate',
    texture: Texture.smoothLight,
    allergens: ['Milk'],
    servingG: 30,
    calories: 110,
    proteinG: 26,
    fatG: 0.5,
    carbsG: 1,
    fiberG: 0,
    sugarG: 1,
    lbs: 3,
    priceCents: 5999,
    discount: 35,
    note: 'Buttery caramel with a pinch of sea salt, never too sweet.',
  },
  {
    id: 14,
    brandId: 3,
    line: 'Isolate 90',
    flavor: 'Strawberry Milkshake',
    flavorIds: [Flavor.strawberry],
    type: 'isolate',
    texture: Texture.smoothLight,
    allergens: ['Milk'],
    servingG: 30,
    calories: 110,
    proteinG: 26,
    fatG: 0.5,
    carbsG: 1,
    fiberG: 0,
    sugarG: 1,
    lbs: 3,
    priceCents: 5999,
    discount: 35,
    note: 'A diner-style strawberry shake, creamier with milk and lighter with water.',
  },
  {
    id: 15,
    brandId: 3,
    line: 'Isolate 90',
    flavor: 'Mint Chocolate Chip',
    flavorIds: [Flavor.mint, Flavor.chocolate],
    type: 'isolate',
    texture: Texture.smoothLight,
    allergens: ['Milk', 'Soy'],
    servingG: 31,
    calories: 115,
    proteinG: 27,
    fatG: 0.5,
    carbsG: 1,
    fiberG: 0,
    sugarG: 1,
    lbs: 3,
    priceCents: 5999,
    discount: 40,
    note: 'Cool peppermint and cocoa, like a scoop of mint chip ice cream.',
  },

  // Moonrise Nutrition: casein and a slow blend.
  {
    id: 16,
    brandId: 4,
    line: 'Micellar Casein',
    flavor: 'Chocolate Fudge',
    flavorIds: [Flavor.chocolate],
    type: 'casein',
    texture: Texture.thickCreamy,
    allergens: ['Milk'],
    servingG: 34,
    calories: 120,
    proteinG: 24,
    fatG: 1,
    carbsG: 4,
    fiberG: 1,
    sugarG: 1,
    lbs: 2,
    priceCents: 4499,
    discount: 30,
    note: 'Rich fudge flavor that sets into a spoonable pudding with a little less liquid.',
  },
  {
    id: 17,
    brandId: 4,
    line: 'Micellar Casein',
    flavor: 'Vanilla Cream',
    flavorIds: [Flavor.vanilla],
    type: 'casein',
    texture: Texture.thickCreamy,
    allergens: ['Milk'],
    servingG: 33,
    calories: 120,
    proteinG: 24,
    fatG: 1,
    carbsG: 3,
    fiberG: 0,
    sugarG: 1,
    lbs: 2,
    priceCents: 4499,
    discount: 30,
    note: 'Mellow vanilla custard; great stirred into Greek yogurt or overnight oats.',
  },
  {
    id: 18,
    brandId: 4,
    line: 'Micellar Casein',
    flavor: 'Cinnamon Bun',
    flavorIds: [Flavor.cinnamon, Flavor.vanilla],
    type: 'casein',
    texture: Texture.thickCreamy,
    allergens: ['Milk'],
    servingG: 34,
    calories: 120,
    proteinG: 24,
    fatG: 1,
    carbsG: 4,
    fiberG: 0,
    sugarG: 2,
    lbs: 2,
    priceCents: 4499,
    discount: 35,
    note: 'Cinnamon and a hint of cream-cheese frosting, made for a warm mug before bed.',
  },
  {
    id: 19,
    brandId: 4,
    line: 'Night Blend',
    flavor: 'Banana Cream',
    flavorIds: [Flavor.banana],
    type: 'blend',
    texture: Texture.thickCreamy,
    allergens: ['Milk'],
    source: 'micellar casein (milk), whey protein isolate (milk)',
    servingG: 33,
    calories: 125,
    proteinG: 24,
    fatG: 1.5,
    carbsG: 4,
    fiberG: 0,
    sugarG: 2,
    lbs: 2,
    priceCents: 4299,
    discount: 25,
    note: 'Banana cream pie in a glass, with a casein-heavy mix that keeps you full for hours.',
  },
  {
    id: 20,
    brandId: 4,
    line: 'Micellar Casein',
    flavor: 'Peanut Butter Pie',
    flavorIds: [Flavor.peanutButter],
    type: 'casein',
    texture: Texture.thickCreamy,
    allergens: ['Milk', 'Peanuts'],
    servingG: 35,
    calories: 130,
    proteinG: 24,
    fatG: 2,
    carbsG: 4,
    fiberG: 1,
    sugarG: 2,
    lbs: 2,
    priceCents: 4499,
    discount: 30,
    note: 'Salty-sweet peanut butter with a graham note; thick enough to eat with a spoon.',
  },

  // Golden Pasture: grass-fed whey concentrate.
  {
    id: 21,
    brandId: 5,
    line: 'Grass-Fed Whey',
    flavor: 'Unflavored',
    flavorIds: [Flavor.unflavored],
    type: 'whey',
    texture: Texture.smoothLight,
    allergens: ['Milk'],
    sweetener: 'none',
    servingG: 28,
    calories: 110,
    proteinG: 22,
    fatG: 1.5,
    carbsG: 2,
    fiberG: 0,
    sugarG: 2,
    lbs: 2,
    priceCents: 3999,
    discount: 25,
    note: 'One ingredient: whey from grass-fed cows, with a clean, milky taste.',
  },
  {
    id: 22,
    brandId: 5,
    line: 'Grass-Fed Whey',
    flavor: 'Madagascar Vanilla',
    flavorIds: [Flavor.vanilla],
    type: 'whey',
    texture: Texture.smoothLight,
    allergens: ['Milk'],
    sweetener: 'stevia',
    servingG: 31,
    calories: 120,
    proteinG: 22,
    fatG: 2,
    carbsG: 4,
    fiberG: 0,
    sugarG: 3,
    lbs: 2,
    priceCents: 4299,
    discount: 30,
    note: 'Real vanilla bean and a touch of stevia; lovely in coffee or over berries.',
  },
  {
    id: 23,
    brandId: 5,
    line: 'Grass-Fed Whey',
    flavor: 'Cacao Chocolate',
    flavorIds: [Flavor.chocolate],
    type: 'whey',
    texture: Texture.thickCreamy,
    allergens: ['Milk'],
    sweetener: 'stevia',
    servingG: 32,
    calories: 130,
    proteinG: 22,
    fatG: 2.5,
    carbsG: 5,
    fiberG: 1,
    sugarG: 3,
    lbs: 2,
    priceCents: 4299,
    discount: 30,
    note: 'Raw cacao gives it a dark, not-too-sweet chocolate flavor.',
  },
  {
    id: 24,
    brandId: 5,
    line: 'Grass-Fed Whey',
    flavor: 'Honey Cinnamon',
    flavorIds: [Flavor.cinnamon],
    type: 'whey',
    texture: Texture.smoothLight,
    allergens: ['Milk'],
    sweetener: 'cane sugar',
    servingG: 32,
    calories: 130,
    proteinG: 22,
    fatG: 2,
    carbsG: 6,
    fiberG: 0,
    sugarG: 4,
    lbs: 2,
    priceCents: 4299,
    discount: 35,
    note: 'Wildflower honey and Ceylon cinnamon, like the milk at the bottom of a cereal bowl.',
  },
  {
    id: 25,
    brandId: 5,
    line: 'Grass-Fed Whey',
    flavor: 'Strawberries & Cream',
    flavorIds: [Flavor.strawberry, Flavor.vanilla],
    type: 'whey',
    texture: Texture.thickCreamy,
    allergens: ['Milk'],
    sweetener: 'stevia',
    servingG: 32,
    calories: 130,
    proteinG: 22,
    fatG: 2,
    carbsG: 5,
    fiberG: 0,
    sugarG: 3,
    lbs: 2,
    priceCents: 4299,
    discount: 30,
    note: 'Freeze-dried strawberries folded into sweet cream.',
  },

  // Kinetic Fuel: multi-protein blends.
  {
    id: 26,
    brandId: 6,
    line: 'Pro Blend',
    flavor: 'Triple Chocolate',
    flavorIds: [Flavor.chocolate],
    type: 'blend',
    texture: Texture.thickCreamy,
    allergens: ['Milk', 'Egg', 'Soy'],
    servingG: 34,
    calories: 140,
    proteinG: 25,
    fatG: 2.5,
    carbsG: 5,
    fiberG: 1,
    sugarG: 2,
    lbs: 4,
    priceCents: 5999,
    discount: 40,
    note: 'Milk chocolate, dark chocolate and cocoa nibs layered into one thick shake.',
  },
  {
    id: 27,
    brandId: 6,
    line: 'Pro Blend',
    flavor: 'Vanilla Milkshake',
    flavorIds: [Flavor.vanilla],
    type: 'blend',
    texture: Texture.frothy,
    allergens: ['Milk', 'Egg', 'Soy'],
    servingG: 33,
    calories: 135,
    proteinG: 25,
    fatG: 2,
    carbsG: 4,
    fiberG: 0,
    sugarG: 2,
    lbs: 4,
    priceCents: 5999,
    discount: 40,
    note: 'A classic malt-shop vanilla that whips up light and frothy in a blender.',
  },
  {
    id: 28,
    brandId: 6,
    line: 'Pro Blend',
    flavor: 'Birthday Cake',
    flavorIds: [Flavor.birthdayCake, Flavor.vanilla],
    type: 'blend',
    texture: Texture.frothy,
    allergens: ['Milk', 'Egg', 'Soy'],
    servingG: 34,
    calories: 140,
    proteinG: 24,
    fatG: 2.5,
    carbsG: 6,
    fiberG: 0,
    sugarG: 3,
    lbs: 4,
    priceCents: 5999,
    discount: 45,
    note: 'Buttery yellow cake and vanilla frosting, with rainbow sprinkles in every tub.',
  },
  {
    id: 29,
    brandId: 6,
    line: 'Pro Blend',
    flavor: 'Cold Brew Coffee',
    flavorIds: [Flavor.coffee],
    type: 'blend',
    texture: Texture.frothy,
    allergens: ['Milk', 'Egg'],
    servingG: 33,
    calories: 130,
    proteinG: 25,
    fatG: 2,
    carbsG: 4,
    fiberG: 0,
    sugarG: 1,
    lbs: 4,
    priceCents: 5999,
    discount: 40,
    note: 'Smooth cold brew with 80 mg of caffeine, for a morning shake that replaces the latte.',
  },
  {
    id: 30,
    brandId: 6,
    line: 'Endurance Blend',
    flavor: 'Orange Creamsicle',
    flavorIds: [Flavor.fruity, Flavor.vanilla],
    type: 'blend',
    texture: Texture.smoothLight,
    allergens: ['Milk'],
    source: 'whey protein isolate (milk), micellar casein (milk), tapioca maltodextrin',
    sweetener: 'cane sugar',
    servingG: 40,
    calories: 160,
    proteinG: 20,
    fatG: 1.5,
    carbsG: 17,
    fiberG: 0,
    sugarG: 8,
    lbs: 3,
    priceCents: 4999,
    discount: 25,
    note: 'Orange and vanilla with 17 g of carbs to refuel after long runs and rides.',
  },

  // Sprout Theory: sprouted-seed plant blends.
  {
    id: 31,
    brandId: 7,
    line: 'Sprouted Protein',
    flavor: 'Chocolate Fudge Brownie',
    flavorIds: [Flavor.chocolate],
    type: 'plant',
    texture: Texture.smoothLight,
    allergens: [],
    source: 'sprouted pea protein, pumpkin seed protein, sprouted brown rice protein',
    sweetener: 'stevia',
    servingG: 36,
    calories: 140,
    proteinG: 22,
    fatG: 3,
    carbsG: 6,
    fiberG: 3,
    sugarG: 1,
    lbs: 2,
    priceCents: 4799,
    discount: 30,
    note: 'Fudgy brownie batter that is surprisingly smooth for a plant protein.',
  },
  {
    id: 32,
    brandId: 7,
    line: 'Sprouted Protein',
    flavor: 'Vanilla Chai',
    flavorIds: [Flavor.cinnamon, Flavor.vanilla],
    type: 'plant',
    texture: Texture.smoothLight,
    allergens: [],
    source: 'sprouted pea protein, pumpkin seed protein, sprouted brown rice protein',
    sweetener: 'stevia',
    servingG: 36,
    calories: 140,
    proteinG: 22,
    fatG: 3,
    carbsG: 6,
    fiberG: 2,
    sugarG: 1,
    lbs: 2,
    priceCents: 4799,
    discount: 30,
    note: 'Cinnamon, cardamom, ginger and clove over vanilla; try it warm in oat milk.',
  },
  {
    id: 33,
    brandId: 7,
    line: 'Organic Soy Protein',
    flavor: 'French Vanilla',
    flavorIds: [Flavor.vanilla],
    type: 'plant',
    texture: Texture.smoothLight,
    allergens: ['Soy'],
    source: 'organic soy protein isolate',
    sweetener: 'stevia',
    servingG: 32,
    calories: 120,
    proteinG: 24,
    fatG: 1,
    carbsG: 3,
    fiberG: 1,
    sugarG: 1,
    lbs: 2,
    priceCents: 3699,
    discount: 35,
    note: 'Creamy custard vanilla; soy makes it the smoothest plant shake in the range.',
  },
  {
    id: 34,
    brandId: 7,
    line: 'Sprouted Protein',
    flavor: 'Banana Almond',
    flavorIds: [Flavor.banana],
    type: 'plant',
    texture: Texture.grainy,
    allergens: ['Tree nuts'],
    source: 'sprouted pea protein, almond protein, sprouted brown rice protein',
    sweetener: 'monk fruit',
    servingG: 36,
    calories: 150,
    proteinG: 21,
    fatG: 4,
    carbsG: 6,
    fiberG: 3,
    sugarG: 2,
    lbs: 2,
    priceCents: 4799,
    discount: 25,
    note: 'Ripe banana and toasted almond, like banana bread without the baking.',
  },
  {
    id: 35,
    brandId: 7,
    line: 'Sprouted Protein',
    flavor: 'Salted Caramel',
    flavorIds: [Flavor.caramel],
    type: 'plant',
    texture: Texture.smoothLight,
    allergens: [],
    source: 'sprouted pea protein, pumpkin seed protein, sprouted brown rice protein',
    sweetener: 'stevia',
    servingG: 36,
    calories: 140,
    proteinG: 22,
    fatG: 3,
    carbsG: 6,
    fiberG: 2,
    sugarG: 2,
    lbs: 2,
    priceCents: 4799,
    discount: 30,
    sampleStock: 0,
    note: 'Coconut-sugar caramel and sea salt; our most requested plant flavor.',
  },
  {
    id: 36,
    brandId: 7,
    line: 'Seed Blend',
    flavor: 'Cinnamon Toast',
    flavorIds: [Flavor.cinnamon],
    type: 'plant',
    texture: Texture.grainy,
    allergens: ['Sesame'],
    source: 'sprouted pea protein, sesame seed protein, sunflower seed protein',
    sweetener: 'monk fruit',
    servingG: 34,
    calories: 140,
    proteinG: 20,
    fatG: 4,
    carbsG: 6,
    fiberG: 3,
    sugarG: 1,
    lbs: 2,
    priceCents: 4499,
    discount: 30,
    note: 'Toasted sesame and cinnamon sugar, a cozy pick for oatmeal and pancakes.',
  },

  // Pure Form: minimal isolates.
  {
    id: 37,
    brandId: 8,
    line: 'Whey Isolate',
    flavor: 'Unflavored',
    flavorIds: [Flavor.unflavored],
    type: 'isolate',
    texture: Texture.smoothLight,
    allergens: ['Milk'],
    sweetener: 'none',
    servingG: 28,
    calories: 100,
    proteinG: 25,
    fatG: 0,
    carbsG: 0,
    fiberG: 0,
    sugarG: 0,
    lbs: 2,
    priceCents: 4999,
    discount: 30,
    note: 'Whey isolate and sunflower lecithin, nothing else; it takes on whatever you mix it into.',
  },
  {
    id: 38,
    brandId: 8,
    line: 'Whey Isolate',
    flavor: 'Lightly Sweetened Vanilla',
    flavorIds: [Flavor.vanilla],
    type: 'isolate',
    texture: Texture.smoothLight,
    allergens: ['Milk'],
    sweetener: 'stevia',
    servingG: 29,
    calories: 105,
    proteinG: 25,
    fatG: 0,
    carbsG: 1,
    fiberG: 0,
    sugarG: 0,
    lbs: 2,
    priceCents: 5299,
    discount: 30,
    note: 'A gentle vanilla for people who find most protein powders far too sweet.',
  },
  {
    id: 39,
    brandId: 8,
    line: 'Whey Isolate',
    flavor: 'Lightly Sweetened Chocolate',
    flavorIds: [Flavor.chocolate],
    type: 'isolate',
    texture: Texture.smoothLight,
    allergens: ['Milk'],
    sweetener: 'stevia',
    servingG: 30,
    calories: 110,
    proteinG: 25,
    fatG: 0.5,
    carbsG: 2,
    fiberG: 1,
    sugarG: 0,
    lbs: 2,
    priceCents: 5299,
    discount: 30,
    note: 'Cocoa-forward and barely sweet, like a good hot chocolate made with less sugar.',
  },
  {
    id: 40,
    brandId: 8,
    line: 'Pea Protein Isolate',
    flavor: 'Unflavored',
    flavorIds: [Flavor.unflavored],
    type: 'plant',
    texture: Texture.smoothLight,
    allergens: [],
    source: 'pea protein isolate',
    sweetener: 'none',
    servingG: 30,
    calories: 110,
    proteinG: 24,
    fatG: 1.5,
    carbsG: 1,
    fiberG: 0,
    sugarG: 0,
    lbs: 2,
    priceCents: 3999,
    discount: 25,
    note: 'Single-ingredient pea isolate, milled extra fine so it blends without grit.',
  },
  {
    id: 41,
    brandId: 8,
    line: 'Whey Isolate',
    flavor: 'Cold Brew',
    flavorIds: [Flavor.coffee],
    type: 'isolate',
    texture: Texture.smoothLight,
    allergens: ['Milk'],
    sweetener: 'stevia',
    servingG: 30,
    calories: 105,
    proteinG: 25,
    fatG: 0,
    carbsG: 1,
    fiberG: 0,
    sugarG: 0,
    lbs: 2,
    priceCents: 5299,
    discount: 35,
    note: 'Made with real cold brew coffee; shake it over ice for a high-protein iced coffee.',
  },

  // Velvet Scoop: dessert flavors.
  {
    id: 42,
    brandId: 9,
    line: 'Dessert Whey',
    flavor: 'Cookies & Cream Cheesecake',
    flavorIds: [Flavor.cookiesCream],
    type: 'whey',
    texture: Texture.thickCreamy,
    allergens: ['Milk', 'Soy', 'Wheat'],
    servingG: 35,
    calories: 140,
    proteinG: 23,
    fatG: 2.5,
    carbsG: 7,
    fiberG: 1,
    sugarG: 3,
    lbs: 2,
    priceCents: 3999,
    discount: 40,
    note: 'Tangy cheesecake with crunchy chocolate cookie crumbs.',
  },
  {
    id: 43,
    brandId: 9,
    line: 'Dessert Whey',
    flavor: 'Birthday Cake Batter',
    flavorIds: [Flavor.birthdayCake],
    type: 'whey',
    texture: Texture.thickCreamy,
    allergens: ['Milk', 'Soy'],
    servingG: 34,
    calories: 140,
    proteinG: 23,
    fatG: 2,
    carbsG: 6,
    fiberG: 0,
    sugarG: 3,
    lbs: 2,
    priceCents: 3999,
    discount: 45,
    note: 'Sweet cake batter and buttercream; a treat that still fits your macros.',
  },
  {
    id: 44,
    brandId: 9,
    line: 'Dessert Whey',
    flavor: 'Peanut Butter Cup',
    flavorIds: [Flavor.peanutButter, Flavor.chocolate],
    type: 'whey',
    texture: Texture.thickCreamy,
    allergens: ['Milk', 'Soy', 'Peanuts'],
    servingG: 35,
    calories: 150,
    proteinG: 24,
    fatG: 3.5,
    carbsG: 6,
    fiberG: 1,
    sugarG: 2,
    lbs: 2,
    priceCents: 4199,
    discount: 40,
    note: 'Milk chocolate and salty peanut butter in equal measure.',
  },
  {
    id: 45,
    brandId: 9,
    line: 'Dessert Whey',
    flavor: 'Mint Chip',
    flavorIds: [Flavor.mint, Flavor.chocolate],
    type: 'whey',
    texture: Texture.frothy,
    allergens: ['Milk', 'Soy'],
    servingG: 34,
    calories: 140,
    proteinG: 23,
    fatG: 2,
    carbsG: 6,
    fiberG: 0,
    sugarG: 3,
    lbs: 2,
    priceCents: 3999,
    discount: 50,
    note: 'Sweet mint ice cream with dark chocolate flecks.',
  },
  {
    id: 46,
    brandId: 9,
    line: 'Dessert Whey',
    flavor: 'Salted Caramel Latte',
    flavorIds: [Flavor.caramel, Flavor.coffee],
    type: 'whey',
    texture: Texture.frothy,
    allergens: ['Milk', 'Soy'],
    servingG: 34,
    calories: 140,
    proteinG: 23,
    fatG: 2,
    carbsG: 6,
    fiberG: 0,
    sugarG: 3,
    lbs: 2,
    priceCents: 3999,
    discount: 40,
    sampleStock: 0,
    note: 'Espresso, steamed milk and salted caramel, with about 40 mg of caffeine a scoop.',
  },
];

export interface DemoProduct {
  id: number;
  brandId: number;
  title: string;
  flavor: string;
  flavorIds: number[];
  proteinType: ProteinType;
  textureId: number;
  allergens: Allergen[];
  diets: string[];
  gramsProtein: number;
  sizeLbs: number;
  description: string;
  suggestedUse: string;
  nutrition: NutritionFacts;
  listPriceCents: number;
  discountPercent: number;
  sampleStock: number;
  tubStock: number;
  tubImage: string;
  sampleImage: string;
  nutritionImage: string;
}

const GRAMS_PER_POUND = 453.592;

/** Rounds to the step FDA labels use for grams of fat (0.5 g). */
const halfGram = (g: number) => Math.round(g * 2) / 2;

/** A small fixed spread per product, so derived label numbers are not all identical. */
const spread = (id: number, width: number) => (id * 37) % (width + 1);

export function dietsOf(p: {
  proteinType: ProteinType;
  allergens: readonly Allergen[];
  carbsG: number;
  fiberG: number;
  sugarG: number;
}): string[] {
  const has = (a: Allergen) => p.allergens.includes(a);
  const netCarbs = p.carbsG - p.fiberG;
  const diets: string[] = [];
  if (p.proteinType === 'plant' && !has('Milk') && !has('Egg')) diets.push('Vegan');
  if (!has('Fish') && !has('Shellfish')) diets.push('Vegetarian');
  if (netCarbs <= 3 && p.sugarG <= 2) diets.push('Keto');
  if (netCarbs <= 5) diets.push('Low carb');
  if (p.sugarG <= 2) diets.push('Low sugar');
  if (!has('Wheat')) diets.push('Gluten-free');
  if (!has('Milk')) diets.push('Lactose-free');
  if (!has('Soy')) diets.push('Soy-free');
  return diets;
}

function proteinSource(s: ProductSpec): string {
  if (s.source) return s.source;
  switch (s.type) {
    case 'whey':
      return s.brandId === 5
        ? 'grass-fed whey protein concentrate (milk)'
        : 'whey protein concentrate (milk)';
    case 'isolate':
      return s.texture === Texture.clear
        ? 'hydrolyzed whey protein isolate (milk)'
        : 'whey protein isolate (milk)';
    case 'casein':
      return 'micellar casein (milk)';
    case 'blend':
      return s.allergens.includes('Egg')
        ? 'protein blend (whey protein concentrate (milk), whey protein isolate (milk), micellar casein (milk), egg white)'
        : 'protein blend (whey protein isolate (milk), micellar casein (milk))';
    case 'plant':
      return 'organic pea protein, organic brown rice protein';
  }
}

const FLAVOR_INGREDIENTS: Record<number, string[]> = {
  [Flavor.chocolate]: ['cocoa (processed with alkali)'],
  [Flavor.coffee]: ['instant coffee'],
  [Flavor.strawberry]: ['strawberry powder', 'beet juice (for color)'],
  [Flavor.fruity]: ['citric acid', 'fruit juice powder'],
  [Flavor.banana]: ['banana powder'],
  [Flavor.cinnamon]: ['ground cinnamon'],
  [Flavor.mint]: ['peppermint oil', 'spirulina extract (for color)'],
  [Flavor.birthdayCake]: ['rainbow sprinkles (sugar, corn starch, palm oil, color)'],
  [Flavor.caramel]: ['sea salt', 'caramel color'],
};

const SWEETENERS: Record<NonNullable<ProductSpec['sweetener']>, string[]> = {
  none: [],
  stevia: ['stevia leaf extract'],
  'monk fruit': ['monk fruit extract'],
  sucralose: ['sucralose', 'acesulfame potassium'],
  'cane sugar': ['organic cane sugar', 'stevia leaf extract'],
};

/** The ingredient line: every allergen on the product comes from an ingredient named here. */
function ingredientsOf(s: ProductSpec): string {
  const has = (a: Allergen) => s.allergens.includes(a);
  const unflavored = s.flavorIds[0] === Flavor.unflavored;
  const items = [proteinSource(s)];
  if (unflavored) {
    items.push('sunflower lecithin');
  } else {
    for (const id of s.flavorIds) items.push(...(FLAVOR_INGREDIENTS[id] ?? []));
    if (has('Wheat'))
      items.push('chocolate cookie pieces (wheat flour, sugar, cocoa, palm oil, baking soda)');
    if (has('Peanuts')) items.push('roasted peanut flour');
    if (has('Tree nuts') && !s.source?.includes('almond')) items.push('almond butter powder');
    items.push(s.type === 'plant' ? 'natural flavors' : 'natural and artificial flavors');
    if (s.texture !== Texture.clear) items.push('xanthan gum');
    items.push('salt');
    const soyFromSource = s.source?.includes('soy') ?? false;
    items.push(has('Soy') && !soyFromSource ? 'soy lecithin' : 'sunflower lecithin');
    items.push(...SWEETENERS[s.sweetener ?? 'sucralose']);
  }
  const text = items.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function nutritionOf(s: ProductSpec): NutritionFacts {
  const satShare = { whey: 0.6, isolate: 0.5, casein: 0.6, blend: 0.6, plant: 0.25 }[s.type];
  const perType = {
    whey: {
      chol: 40 + spread(s.id, 4) * 5,
      sodium: 60 + spread(s.id, 5) * 10,
      ca: 110 + spread(s.id, 4) * 10,
      fe: 0.4,
      k: 150 + spread(s.id, 6) * 10,
    },
    isolate: {
      chol: 5 + spread(s.id, 2) * 5,
      sodium: 40 + spread(s.id, 5) * 10,
      ca: 100 + spread(s.id, 4) * 10,
      fe: 0.2,
      k: 130 + spread(s.id, 5) * 10,
    },
    casein: {
      chol: 10 + spread(s.id, 2) * 5,
      sodium: 140 + spread(s.id, 4) * 10,
      ca: 560 + spread(s.id, 4) * 20,
      fe: 0.4,
      k: 160 + spread(s.id, 4) * 10,
    },
    blend: {
      chol: (s.allergens.includes('Egg') ? 55 : 20) + spread(s.id, 4) * 5,
      sodium: 120 + spread(s.id, 5) * 10,
      ca: 250 + spread(s.id, 5) * 10,
      fe: 0.6,
      k: 180 + spread(s.id, 6) * 10,
    },
    plant: {
      chol: 0,
      sodium: 260 + spread(s.id, 8) * 10,
      ca: 40 + spread(s.id, 5) * 10,
      fe: 5 + spread(s.id, 2),
      k: 100 + spread(s.id, 10) * 10,
    },
  }[s.type];
  const naturalSugar = s.type === 'plant' ? 0 : s.type === 'isolate' ? 1 : 2;
  return {
    servingSizeG: s.servingG,
    servingsPerContainer: Math.round((s.lbs * GRAMS_PER_POUND) / s.servingG),
    calories: s.calories,
    totalFatG: s.fatG,
    saturatedFatG: halfGram(s.fatG * satShare),
    transFatG: 0,
    cholesterolMg: perType.chol,
    sodiumMg: perType.sodium,
    totalCarbsG: s.carbsG,
    fiberG: s.fiberG,
    totalSugarsG: s.sugarG,
    addedSugarsG: s.sweetener === 'none' ? 0 : Math.max(0, s.sugarG - naturalSugar),
    proteinG: s.proteinG,
    vitaminDMcg: 0,
    calciumMg: perType.ca,
    ironMg: perType.fe,
    potassiumMg: perType.k,
    ingredients: ingredientsOf(s),
  };
}

const TYPE_SENTENCE: Record<ProteinType, (s: ProductSpec) => string> = {
  whey: (s) =>
    `Each ${s.servingG} g scoop of whey protein concentrate gives you ${s.proteinG} g of protein for ${s.calories} calories, and it mixes easily in a shaker.`,
  isolate: (s) =>
    s.texture === Texture.clear
      ? `This clear whey isolate drinks like juice, not a milkshake: ${s.proteinG} g of protein and ${s.calories} calories per scoop, with no fat.`
      : `Filtered whey isolate delivers ${s.proteinG} g of protein per ${s.servingG} g scoop with ${s.calories} calories and ${s.fatG} g of fat.`,
  casein: (s) =>
    `Slow-digesting micellar casein releases its ${s.proteinG} g of protein over several hours, which makes it a favorite before bed or between meals.`,
  blend: (s) =>
    `A mix of fast and slow proteins gives you ${s.proteinG} g per ${s.servingG} g scoop and keeps you full longer than whey alone.`,
  plant: (s) =>
    `Made from ${proteinSource(s)}, it gives you ${s.proteinG} g of complete plant protein per scoop with no dairy.`,
};

function descriptionOf(s: ProductSpec): string {
  const parts = [s.note, TYPE_SENTENCE[s.type](s)];
  if (s.allergens.length === 0) parts.push('It is free of all nine major food allergens.');
  return parts.join(' ');
}

function suggestedUseOf(s: ProductSpec): string {
  const scoop = `1 scoop (${s.servingG} g)`;
  if (s.flavorIds[0] === Flavor.unflavored) {
    return `Stir ${scoop} into a smoothie, oatmeal, yogurt or pancake batter; with no added flavor it takes on the taste of whatever you add it to. Or shake it with 8-10 oz of water or milk.`;
  }
  switch (s.type) {
    case 'whey':
      return `Shake ${scoop} with 8-10 oz of cold water or milk for 20 seconds. Drink it within an hour after training or as a protein-rich snack.`;
    case 'isolate':
      return s.texture === Texture.clear
        ? `Shake ${scoop} with 12-16 oz of ice-cold water and let the foam settle for a minute. Best straight after a workout.`
        : `Shake ${scoop} with 8-12 oz of cold water or milk. Enjoy it after training or any time you need a light, high-protein snack.`;
    case 'casein':
      return `Mix ${scoop} with 8 oz of milk 30-60 minutes before bed, or stir it into Greek yogurt with a little less liquid for a protein pudding.`;
    case 'blend':
      return `Mix ${scoop} with 8-12 oz of water or milk. Have it after training or between meals when you want to stay full longer.`;
    case 'plant':
      return `Blend ${scoop} with 10-12 oz of oat milk or water, or add it to your morning smoothie. Shake well before drinking.`;
  }
}

/** The full demo catalog, derived from the specs above. */
export function demoProducts(): DemoProduct[] {
  return specs.map((s) => {
    const nutrition = nutritionOf(s);
    return {
      id: s.id,
      brandId: s.brandId,
      title: s.line,
      flavor: s.flavor,
      flavorIds: s.flavorIds,
      proteinType: s.type,
      textureId: s.texture,
      allergens: s.allergens,
      diets: dietsOf({
        proteinType: s.type,
        allergens: s.allergens,
        carbsG: s.carbsG,
        fiberG: s.fiberG,
        sugarG: s.sugarG,
      }),
      gramsProtein: s.proteinG,
      sizeLbs: s.lbs,
      description: descriptionOf(s),
      suggestedUse: suggestedUseOf(s),
      nutrition,
      listPriceCents: s.priceCents,
      discountPercent: s.discount,
      sampleStock: s.sampleStock ?? 400 + spread(s.id, 8) * 25,
      tubStock: s.tubStock ?? 60 + spread(s.id, 6) * 10,
      tubImage: `/catalog/products/${s.id}-tub.svg`,
      sampleImage: `/catalog/products/${s.id}-sample.svg`,
      nutritionImage: `/catalog/nutrition/${s.id}.svg`,
    };
  });
}

/** The logo path of a brand. */
export const brandLogoPath = (slug: string) => `/catalog/brands/${slug}.svg`;

/** The card background of a flavor family. */
export function flavorBackgroundPath(flavorId: number | undefined): string {
  const slug = (flavorId !== undefined ? flavorById(flavorId)?.slug : undefined) ?? 'unflavored';
  return `/catalog/flavors/${slug}.svg`;
}
