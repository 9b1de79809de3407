import type { VerifyEmailResponse } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/** 'verified' now, or 'already' when the link had verified the address before (opened again). */
export type VerifyOutcome = 'verified' | 'already';

const attempts = new Map<string, Promise<VerifyOutcome>>();

/**
 * POST /User/VerifyEmail?code&userId. The code works once, so a second render of the page (React
 * StrictMode, a re-mount) must reuse the first attempt instead of failing on a used code.
 */
export function verifyEmail(code: string, userId: string): Promise<VerifyOutcome> {
  const key = `${userId}:${code}`;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = apiPost<VerifyEmailResponse>('/User/VerifyEmail', {
      query: { code, userId },
      quiet: true,
    }).then((answer): VerifyOutcome => (answer.alreadyVerified ? 'already' : 'verified'));
    attempts.set(key, attempt);
  }
  return attempt;
}
