import type { Product, Quiz, QuizResults } from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { hasOrder } from '../utils/has-order.ts';

/** A quiz's matched products and the first box's order. */
export type QuizMatches = QuizResults;

/**
 * Results (docs/product.md#quiz-and-first-box): the first visit computes the matches, which creates the order
 * (POST product/GetProductQuizResults); later visits read the quiz's products.
 */
export async function getQuizMatches(quizId: string): Promise<QuizMatches> {
  const quiz = await apiGet<Quiz>('/theQuiz/GetItem', { query: { id: quizId } });
  if (!hasOrder(quiz.orderId)) {
    return apiPost<QuizResults>('/product/GetProductQuizResults', { body: { id: quizId } });
  }
  const products = await apiGet<Product[]>('/product/GetQuizProducts', { query: { quizId } });
  return { products, orderId: quiz.orderId };
}

/** One request per quiz even when the page renders twice (the shared cache holds the promise). */
export function useQuizMatches(quizId: string) {
  return useApi(`quiz-matches:${quizId}`, () => getQuizMatches(quizId));
}
