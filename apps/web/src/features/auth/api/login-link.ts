import type { TokenPair } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/** POST /User/SendLoginLink: the same answer for any address (docs/product.md#log-in-with-a-link). */
export function sendLoginLink(emailAddress: string): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/User/SendLoginLink', { body: { emailAddress }, quiet: true });
}

/** POST /User/LoginWithLink: the link's token for a session, answered as a login is. */
export function logInWithLink(token: string): Promise<TokenPair> {
  return apiPost<TokenPair>('/User/LoginWithLink', { body: { token }, quiet: true });
}
