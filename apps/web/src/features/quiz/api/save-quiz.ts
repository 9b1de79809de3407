import type { QuizInput, QuizSubmitResponse } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';
import { invalidate } from '@/lib/use-api.ts';
import { quizKey } from './get-quiz.ts';

export interface SaveQuizOptions {
  /** Step 12: create the account and answer with its tokens. */
  registration: boolean;
  /** The referral code the visitor arrived with, kept through the quiz. */
  referralCode?: string | null;
  /** The registration step shows its own errors instead of a snackbar. */
  quiet?: boolean;
}

/**
 * POST /theQuiz/TakeQuiz: saves the answers so far (created without an id, updated with one).
 * An anonymous quiz is bound to a cookie the server sets, which same-origin fetch sends.
 */
export async function saveQuiz(input: QuizInput, options: SaveQuizOptions): Promise<QuizSubmitResponse> {
  const answer = await apiPost<QuizSubmitResponse>('/theQuiz/TakeQuiz', {
    query: { registration: options.registration, referralCode: options.referralCode || undefined },
    body: input,
    quiet: options.quiet,
  });
  invalidate(quizKey(answer.id));
  return answer;
}
