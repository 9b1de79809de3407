import { apiPost } from '@/lib/api-client.ts';

// One call per token even when React runs the effect twice (StrictMode) or the page remounts.
const calls = new Map<string, Promise<unknown>>();

/** POST /api/User/Unsubscribe?token: the one-time token from a marketing email's link. */
export function unsubscribe(token: string): Promise<unknown> {
  let call = calls.get(token);
  if (!call) {
    call = apiPost('/User/Unsubscribe', { query: { token }, quiet: true });
    calls.set(token, call);
    // A failed call may be retried by reloading the page.
    call.catch(() => calls.delete(token));
  }
  return call;
}
