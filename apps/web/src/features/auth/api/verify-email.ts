import { apiPost } from '@/lib/api-client.ts';

const attempts = new Map<string, Promise<void>>();

/**
 * POST /User/VerifyEmail?code&userId. The code works once, so a second render of the page (React
 * StrictMode, a re-mount) must reuse the first attempt instead of failing on a used code.
 */
export function verifyEmail(code: string, userId: string): Promise<void> {
  const key = `${userId}:${code}`;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = apiPost<unknown>('/User/VerifyEmail', { query: { code, userId }, quiet: true }).then(
      () => undefined,
    );
    attempts.set(key, attempt);
  }
  return attempt;
}
