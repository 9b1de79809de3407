import { apiPost } from '@/lib/api-client.ts';

/** POST /User/ForgotPassword: mails a reset link when the address has an account; answers alike either way. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiPost<unknown>('/User/ForgotPassword', { body: { email } });
}
