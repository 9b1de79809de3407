import { apiPost } from '@/lib/api-client.ts';

/** POST /User/ResetPassword: the one-time token from the mail, in the body (docs/api-conventions.md#credentials). */
export function resetPassword(body: { token: string; email: string; password: string }): Promise<unknown> {
  return apiPost<unknown>('/User/ResetPassword', { body });
}
