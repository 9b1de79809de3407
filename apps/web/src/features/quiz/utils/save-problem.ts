import { SERVER_ERROR_MESSAGE } from '@store/contracts';
import { ApiError } from '@/lib/api-client.ts';
import type { RegistrationProblem } from '../components/registration-step.tsx';

/** What went wrong with a save, in words the visitor can act on; they stay on the step. */
export function saveProblem(error: unknown): RegistrationProblem {
  if (!(error instanceof ApiError)) {
    return {
      message: 'We could not reach the store. Check your connection and try again.',
      suggestLogin: false,
    };
  }
  if (error.status === 400) return { message: error.message, suggestLogin: error.code === 'email_taken' };
  if (error.status === 429) {
    return { message: 'Too many attempts. Please wait a minute and try again.', suggestLogin: false };
  }
  if (error.status === 401 || error.status === 403 || error.status === 404) {
    return { message: 'This quiz belongs to another account. Please log in again.', suggestLogin: true };
  }
  return { message: SERVER_ERROR_MESSAGE, suggestLogin: false };
}
