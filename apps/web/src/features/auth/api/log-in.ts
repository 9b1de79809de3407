import type { Login, TokenPair } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/**
 * POST /User/Login: credentials in the body only (docs/api-conventions.md#credentials). Quiet: the form decides
 * where each failure shows (an unverified address beside the form, the rest as a snackbar).
 */
export function logIn(credentials: Login): Promise<TokenPair> {
  return apiPost<TokenPair>('/User/Login', { body: credentials, quiet: true });
}
