import type { ApiError } from '@/lib/api-client.ts';

/**
 * A 429 shows no global snackbar (docs/product.md#messages-on-screen), yet a person who is
 * rate-limited must learn why nothing happens; the form shows this line instead.
 */
export function tooManyAttemptsMessage(error: ApiError): string | undefined {
  if (error.status !== 429) return undefined;
  // A coded answer carries the server's own sentence (with how long to wait).
  return error.code ? error.message : 'Too many attempts. Please wait a few minutes and try again.';
}
