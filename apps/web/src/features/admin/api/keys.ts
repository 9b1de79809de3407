import { invalidate } from '@/lib/use-api.ts';

/** Every cached back-office answer starts with this, so one call forgets them all. */
export const ADMIN_KEY = 'admin/';

/** The query string of a list request, in a stable order so equal queries share a cache entry. */
export function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** After any change: lists, counts and the audit log are read again. */
export function forgetAdminAnswers() {
  invalidate(ADMIN_KEY);
}
