import { apiPost } from '@/lib/api-client.ts';

/** POST /User/ResendVerification: a fresh link for an unverified account; the same answer for any address. */
export function resendVerification(emailAddress: string): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/User/ResendVerification', { body: { emailAddress }, quiet: true });
}
