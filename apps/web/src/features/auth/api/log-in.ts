import type { Login, TokenPair } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/** POST /User/Login: credentials in the body only (DESIGN §4); a 400 shows its message globally. */
export function logIn(credentials: Login): Promise<TokenPair> {
  return apiPost<TokenPair>('/User/Login', { body: credentials });
}
