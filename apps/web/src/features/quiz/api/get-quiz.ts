import type { Quiz } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET /theQuiz/GetItem?id: a saved quiz (never with password fields). */
export function getQuiz(id: string): Promise<Quiz> {
  return apiGet<Quiz>('/theQuiz/GetItem', { query: { id } });
}

export const quizKey = (id: string) => `quiz:${id}`;

/** `id` null waits (nothing to load). */
export function useQuiz(id: string | null) {
  return useApi(id ? quizKey(id) : null, () => getQuiz(id!));
}
