import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { readCookie } from './cookies.ts';
import { AppError } from './errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** Query keys that carry secrets; they must travel in a JSON body instead (docs/api-conventions.md#credentials). */
const SECRET_QUERY_KEYS = new Set([
  'password',
  'currentpassword',
  'newpassword',
  'confirmpassword',
  'credential',
]);

/** The CSP fits a SPA built by Vite: scripts and styles from our origin only, Stripe's origins for payments. */
export function contentSecurityPolicy(config: Config): string {
  const google = config.google.clientId ? ' https://accounts.google.com' : '';
  return [
    "default-src 'self'",
    `script-src 'self' https://js.stripe.com${google}`,
    `frame-src https://js.stripe.com https://hooks.stripe.com${google}`,
    `connect-src 'self' https://api.stripe.com${google}`,
    "img-src 'self' data: blob: https://*.stripe.com",
    `style-src 'self'${google}`,
    "font-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A signed double-submit token: a cookie thrown in from elsewhere without our key is refused. */
export function createXsrfToken(secret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidXsrfToken(secret: string, token: string | undefined): boolean {
  if (!token) return false;
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  const expected = Buffer.from(sign(secret, token.slice(0, dot)));
  const given = Buffer.from(token.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', `xsrf:${secret}`).update(nonce).digest('base64url').slice(0, 32);
}

function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

/** How many valid XSRF cookies `registerSecurity` remembers. */
const VALID_XSRF_KEPT = 10_000;

/**
 * Security headers on every answer (and `Connection: close` while the server closes), XSRF
 * double submit, and no secrets in query strings.
 */
export function registerSecurity(
  app: FastifyInstance,
  config: Config,
  options: { isClosing?: () => boolean } = {},
) {
  const csp = contentSecurityPolicy(config);
  const secureCookie = config.publicUrl.startsWith('https://');
  // XSRF cookies already found valid: every GET checks the browser's cookie to decide whether to
  // mint one, and the HMAC was a visible share of a member read's CPU. Only valid tokens are kept
  // (a made-up value is checked every time and never enters); bounded, the oldest goes first.
  const validXsrfTokens = new Set<string>();
  const validXsrf = (token: string | undefined): boolean => {
    if (token === undefined) return false;
    if (validXsrfTokens.has(token)) return true;
    if (!isValidXsrfToken(config.linkSecret, token)) return false;
    if (validXsrfTokens.size >= VALID_XSRF_KEPT)
      validXsrfTokens.delete(validXsrfTokens.values().next().value as string);
    validXsrfTokens.add(token);
    return true;
  };

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query) {
      for (const key of Object.keys(query)) {
        if (SECRET_QUERY_KEYS.has(key.toLowerCase())) {
          throw new AppError('credentials_in_query', 'Send credentials in the request body.');
        }
      }
    }
    if (isSafeMethod(request.method) || !request.url.startsWith('/api/')) return;
    const cookie = readCookie(request.headers.cookie, XSRF_COOKIE);
    // Bearer-only clients send no cookie and are not exposed to cross-site requests.
    if (cookie === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        throw new AppError('forbidden', 'Cross-site requests are not allowed.');
      }
      return;
    }
    const header = request.headers[XSRF_HEADER];
    if (
      typeof header !== 'string' ||
      header !== cookie ||
      !validXsrf(cookie) ||
      request.headers['sec-fetch-site'] === 'cross-site'
    ) {
      throw new AppError('forbidden', 'Your session check failed. Please reload the page and try again.');
    }
  });

  // The headers every answer carries, built once; one synchronous onSend hook sets them (an
  // async hook costs a promise and a microtask turn per request).
  const constantHeaders: Record<string, string> = {
    'content-security-policy': csp,
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  };
  const cookieSuffix = `; Path=/; SameSite=Strict${secureCookie ? '; Secure' : ''}`;
  const isClosing = options.isClosing ?? (() => false);

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(constantHeaders);
    // While the server closes, answers end their connection so keep-alive clients let it stop.
    if (isClosing()) reply.header('connection', 'close');
    const url = request.url;
    if (url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    if (
      request.method === 'GET' &&
      url !== '/api/health' &&
      // Hashed assets and publicly cacheable answers stay cacheable by shared caches: no cookie on them.
      !url.startsWith('/assets/') &&
      !String(reply.getHeader('cache-control') ?? '').includes('public') &&
      !validXsrf(readCookie(request.headers.cookie, XSRF_COOKIE))
    ) {
      reply.header('set-cookie', `${XSRF_COOKIE}=${createXsrfToken(config.linkSecret)}${cookieSuffix}`);
    }
    done(null, payload);
  });
}
