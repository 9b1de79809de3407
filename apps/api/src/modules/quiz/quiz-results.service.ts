import type { Product, QuizResults } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { conflict, unauthorized } from '../../http/errors.ts';
import { ratingsWithBrands } from '../../read-models/product-reviews.ts';
import {
  type CatalogProductRow,
  type CatalogService,
  type ProteinType,
  type RatedProductRow,
  toProduct,
} from '../catalog/index.ts';
import type { OrdersService } from '../orders/index.ts';
import {
  hardFilterViolation,
  type MatchAnswers,
  type MatchProduct,
  type RankOptions,
  rankProducts,
} from './matching.ts';
import * as repo from './quiz.repository.ts';
import type { Caller, QuizAccounts } from './quiz.service.ts';
import { requireQuiz } from './quiz.service.ts';
import type { QuizRow, StoredMatch } from './quiz.table.ts';

/** The first box holds this many prime picks: the top of the ranking (docs/product.md#matching). */
export const PRIME_PICKS = 2;

export const NOT_ENOUGH_MATCHES =
  "We couldn't find 2 samples that fit all of your answers. Please allow more brands or textures and try again.";

export interface QuizResultsDeps {
  db: Db;
  catalog: Pick<CatalogService, 'listProducts'>;
  orders: Pick<
    OrdersService,
    'createFirstBoxOrder' | 'replaceDraftPrimePicks' | 'unlockedProductIds' | 'sampledInOtherBoxes'
  >;
  accounts: Pick<QuizAccounts, 'setQuizAndOrder'>;
  clock: () => Date;
}

const NO_ANSWERS: MatchAnswers = {
  flavors: [],
  brandUsages: [],
  dislikedBrands: [],
  textures: [],
  dietaryPreferences: [],
  dietaryRestrictions: [],
  fitnessGoals: [],
  lifestylePerformanceGoals: [],
  proteinMixes: [],
};

/** What matching reads of a catalog product. */
export function toMatchProduct(row: CatalogProductRow): MatchProduct {
  return {
    id: row.id,
    brandId: row.brandId,
    brandName: row.brand.name,
    flavorIds: row.flavorIds,
    proteinType: row.proteinType as ProteinType,
    textureId: row.textureId,
    allergens: row.allergens,
    diets: row.diets,
    gramsProtein: row.gramsProtein,
    calories: row.nutrition.calories,
    carbsG: row.nutrition.totalCarbsG,
    sugarG: row.nutrition.totalSugarsG,
    sampleStock: row.sampleStock,
  };
}

export type QuizResultsService = ReturnType<typeof createQuizResultsService>;

/** Results, the first box's order, the quiz's products and the member's suggestions. */
export function createQuizResultsService({ db, catalog, orders, accounts, clock }: QuizResultsDeps) {
  async function catalogById(): Promise<Map<number, RatedProductRow>> {
    return new Map((await catalog.listProducts()).map((r) => [r.id, r]));
  }

  async function rank(answers: MatchAnswers, options: RankOptions = {}) {
    const byId = await catalogById();
    const matches: StoredMatch[] = rankProducts(answers, [...byId.values()].map(toMatchProduct), options).map(
      (m) => ({
        productId: m.productId,
        reason: m.reason,
      }),
    );
    return { matches, byId };
  }

  /** Stored matches as products; a product taken out of the catalog since is left out. */
  function productsOf(
    matches: StoredMatch[],
    byId: Map<number, RatedProductRow>,
    unlocked?: Set<number>,
  ): Product[] {
    return matches.flatMap((m) => {
      const row = byId.get(m.productId);
      return row
        ? [toProduct(row, { reason: m.reason, unlocked: unlocked?.has(row.id) ?? false, rating: row.rating })]
        : [];
    });
  }

  return {
    /**
     * POST product/GetProductQuizResults: the ranked matches and the first box's order, which
     * is created once; asking again answers the same order.
     */
    async results(quizId: string, caller: Caller): Promise<QuizResults> {
      const identityId = caller.identityId;
      if (!identityId) throw unauthorized();
      let quiz = await requireQuiz(db, quizId, caller);
      if (!quiz.identityId) {
        // The anonymous creator has signed in: from now on the quiz is their account's.
        quiz =
          (await repo.updateQuiz(db, quiz.id, { identityId, ownerSecretHash: null, updatedAt: clock() })) ??
          quiz;
      }
      if (quiz.orderId && quiz.matches) {
        return { products: productsOf(quiz.matches, await catalogById()), orderId: quiz.orderId };
      }
      const { matches, byId } = quiz.matches
        ? { matches: quiz.matches, byId: await catalogById() }
        : await rank(answersOf(quiz), { ratings: await ratingsWithBrands(db, identityId) });
      if (matches.length < PRIME_PICKS) throw conflict(NOT_ENOUGH_MATCHES);
      const { orderId } = await orders.createFirstBoxOrder({
        identityId,
        quizId: quiz.id,
        primePickIds: matches.slice(0, PRIME_PICKS).map((m) => m.productId),
      });
      await repo.updateQuiz(db, quiz.id, { orderId, matches, updatedAt: clock() });
      await accounts.setQuizAndOrder(identityId, { quizId: quiz.id, orderId });
      return { products: productsOf(matches, byId), orderId };
    },

    /** GET product/GetQuizProducts: the quiz's matches; computed, not stored, before results exist. */
    async quizProducts(quizId: string, caller: Caller): Promise<Product[]> {
      const quiz = await requireQuiz(db, quizId, caller);
      if (quiz.matches) return productsOf(quiz.matches, await catalogById());
      const { matches, byId } = await rank(answersOf(quiz));
      return productsOf(matches, byId);
    },

    /**
     * GET product/GetPersonalizedOptions: every product that suits the member's restrictions
     * and diet, best match first (brands the member rated low lower), each with whether a paid
     * box has unlocked it.
     */
    async personalizedOptions(identityId: string): Promise<Product[]> {
      const [quiz, ratings] = await Promise.all([
        repo.latestQuizOf(db, identityId),
        ratingsWithBrands(db, identityId),
      ]);
      const [{ matches, byId }, unlocked] = await Promise.all([
        rank(quiz ? answersOf(quiz) : NO_ANSWERS, {
          filters: 'dietary',
          limit: Number.POSITIVE_INFINITY,
          ratings,
        }),
        orders.unlockedProductIds(identityId),
      ]);
      return productsOf(matches, byId, unlocked);
    },

    /**
     * The samples a member may choose for a box (docs/product.md#choosing-samples): products that pass
     * every hard filter of their quiz and were not in another of their paid boxes, best match
     * first. `dietary` are the products that only pass their restrictions and diet.
     */
    async sampleRules(identityId: string, orderId: string) {
      const [quiz, ratings, sampled] = await Promise.all([
        repo.latestQuizOf(db, identityId),
        ratingsWithBrands(db, identityId),
        orders.sampledInOtherBoxes(identityId, orderId),
      ]);
      const answers = quiz ? answersOf(quiz) : NO_ANSWERS;
      const byId = await catalogById();
      const products = [...byId.values()].map(toMatchProduct);
      const all = rankProducts(answers, products, { limit: Number.POSITIVE_INFINITY, ratings });
      const dietary = products.filter((p) => hardFilterViolation(answers, p, 'dietary') === undefined);
      const choices = all.filter((m) => !sampled.has(m.productId));
      return {
        choices: new Set(choices.map((m) => m.productId)),
        dietary: new Set(dietary.map((p) => p.id)),
        sampled,
        products: productsOf(
          choices.map((m) => ({ productId: m.productId, reason: m.reason })),
          byId,
        ),
      };
    },

    /** After the answers change: new matches, and new prime picks while the first box is unpaid. */
    async refreshAfterChange(quiz: QuizRow): Promise<void> {
      const { matches } = await rank(answersOf(quiz));
      await repo.updateQuiz(db, quiz.id, { matches });
      if (quiz.orderId) {
        await orders.replaceDraftPrimePicks(
          quiz.orderId,
          matches.slice(0, PRIME_PICKS).map((m) => m.productId),
        );
      }
    },
  };
}

function answersOf(quiz: QuizRow): MatchAnswers {
  return {
    flavors: quiz.flavors,
    brandUsages: quiz.brandUsages,
    dislikedBrands: quiz.dislikedBrands,
    textures: quiz.textures,
    dietaryPreferences: quiz.dietaryPreferences,
    dietaryRestrictions: quiz.dietaryRestrictions,
    fitnessGoals: quiz.fitnessGoals,
    lifestylePerformanceGoals: quiz.lifestylePerformanceGoals,
    proteinMixes: quiz.proteinMixes,
  };
}
