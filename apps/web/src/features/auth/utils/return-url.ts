/** Where a successful login goes when no usable returnUrl was given (docs/product.md#public-pages). */
export const DEFAULT_AFTER_LOGIN = '/membership';

const PROBE_ORIGIN = 'https://return-url.invalid';

/**
 * The login screen's `returnUrl`, kept only when it is a path on this site: "/profile" is kept;
 * "//evil.com", "https://evil.com", "javascript:..", "/\\evil.com" and anything that a browser
 * would read as another origin fall back to /membership (an open redirect would let a phishing
 * link use our login page).
 */
export function safeReturnUrl(raw: string | null | undefined): string {
  if (!raw || raw.length > 2000) return DEFAULT_AFTER_LOGIN;
  // One leading slash and no second slash or backslash: not protocol-relative in any browser.
  if (!raw.startsWith('/') || raw[1] === '/' || raw[1] === '\\') return DEFAULT_AFTER_LOGIN;
  // Browsers drop tabs and newlines inside URLs ("/\t/evil.com" becomes "//evil.com") and treat "\" as "/".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return DEFAULT_AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_AFTER_LOGIN;
  // Returning to the login or sign-up screen after logging in would only loop.
  if (/^\/(login|register)(\/|$)/i.test(url.pathname)) return DEFAULT_AFTER_LOGIN;
  return `${url.pathname}${url.search}${url.hash}`;
}
