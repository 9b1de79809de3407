import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { bearerOf, sessionOfAccessToken } from './auth.ts';
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

/**
 * The CSP fits a SPA built by Vite: scripts and styles from our origin only, Stripe's origins for
 * payments. `styleHashes` (`'sha256-…'`) allow the inline `<style>` of a prerendered page, its
 * critical CSS (docs/performance.md#the-first-paint-from-the-html-alone), and nothing else inline.
 */
export function contentSecurityPolicy(config: Config, styleHashes: readonly string[] = []): string {
  const google = config.google.clientId ? ' https://accounts.google.com' : '';
  const inlineStyles = styleHashes.map((hash) => ` ${hash}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' https://js.stripe.com${google}`,
    `frame-src https://js.stripe.com https://hooks.stripe.com${google}`,
    `connect-src 'self' https://api.stripe.com${google}`,
    "img-src 'self' data: blob: https://*.stripe.com",
    `style-src 'self'${google}${inlineStyles}`,
    "font-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The security headers every answer carries, whatever it is (the prepared answers too). */
export function securityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  };
}

/**
 * A short, one-way tag of a session id (16 characters; a visitor's is the tag of ''): the cookie
 * says which session it belongs to without carrying the id.
 */
function sessionTag(secret: string, session: string | undefined): string {
  const key = `${secret}\u0000${session ?? ''}`;
  const known = sessionTags.get(key);
  if (known !== undefined) return known;
  const tag = createHmac('sha256', `xsrf-session:${secret}`)
    .update(session ?? '')
    .digest('base64url')
    .slice(0, 16);
  // Every signed-in answer checks its cookie's tag: the HMAC is worked out once per session while
  // it is active (docs/performance.md#where-a-member-read-spends-its-time). A tag is a pure function of
  // the secret and the id, so a kept one is never wrong; the map is emptied when full.
  if (sessionTags.size >= SESSION_TAGS_KEPT) sessionTags.clear();
  sessionTags.set(key, tag);
  return tag;
}

const SESSION_TAGS_KEPT = 10_000;
const sessionTags = new Map<string, string>();

/** Characters of random nonce at the start of a token; its session tag follows. */
const NONCE_LENGTH = 24;

/**
 * A signed double-submit token bound to a session (docs/reliability.md#a11): `nonce+tag.mac`.
 * A cookie thrown in from elsewhere without our key is refused, and one issued to another session
 * is refused to a request that carries this session's bearer token.
 */
export function createXsrfToken(secret: string, session?: string): string {
  const body = `${randomBytes(18).toString('base64url')}${sessionTag(secret, session)}`;
  return `${body}.${sign(secret, body)}`;
}

/** The session tag of a token made with our key, or undefined when it is not one. */
function tagOf(secret: string, token: string | undefined): string | undefined {
  if (!token) return undefined;
  const dot = token.indexOf('.');
  if (dot !== NONCE_LENGTH + 16) return undefined;
  const body = token.slice(0, dot);
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(token.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? body.slice(NONCE_LENGTH)
    : undefined;
}

/** Whether `token` is ours and, when `session` is given, issued to that session. */
export function isValidXsrfToken(secret: string, token: string | undefined, session?: string): boolean {
  const tag = tagOf(secret, token);
  if (tag === undefined) return false;
  return session === undefined || tag === sessionTag(secret, session);
}

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', `xsrf:${secret}`).update(nonce).digest('base64url').slice(0, 32);
}

/**
 * Whether a request is for the API, judged on the path the router matched (which ignores case and
 * decodes), not on the text of the URL: `/API/Identity/Save` and `/%61pi/…` are API calls too.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const memo = request as FastifyRequest & { [IS_API]?: boolean };
  const known = memo[IS_API];
  if (known !== undefined) return known;
  const isApi = judgeApiRequest(request);
  memo[IS_API] = isApi;
  return isApi;
}

/** Where `isApiRequest` keeps its answer on the request: its hooks ask up to three times. */
const IS_API = Symbol('isApiRequest');

/** Where `routePattern` keeps the matched route's pattern on the request. */
const ROUTE_PATTERN = Symbol('routePattern');

/**
 * The pattern of the route a request matched (`/api/Account/AuthInfo`), or undefined when none
 * did. Fastify's `request.routeOptions` builds a fresh object of a dozen fields at every read,
 * which showed in the profile of the plainest routes, so the pattern is read once per request.
 */
export function routePattern(request: FastifyRequest): string | undefined {
  const memo = request as FastifyRequest & { [ROUTE_PATTERN]?: string | null };
  const known = memo[ROUTE_PATTERN];
  if (known !== undefined) return known ?? undefined;
  const url = request.routeOptions?.url;
  memo[ROUTE_PATTERN] = url ?? null;
  return url;
}

function judgeApiRequest(request: FastifyRequest): boolean {
  const routed = routePattern(request);
  let path = routed ?? request.url.split('?')[0] ?? '';
  if (routed === undefined) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // not decodable: judged as written
    }
  }
  path = path.toLowerCase().replace(/^\/+/, '/');
  return path === '/api' || path.startsWith('/api/');
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set when the answer starts, changes or ends a session: the XSRF cookie sent with it is bound
     * to this session ('' for none), so the client's next call passes (docs/reliability.md#a11).
     */
    xsrfSession: string | undefined;
  }
}

/** For a route whose answer ends the caller's session (logout): the next cookie is a visitor's. */
export function endXsrfSession(request: FastifyRequest) {
  request.xsrfSession = '';
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
  const secureCookie = config.publicUrl.startsWith('https://');
  // XSRF cookies already found valid, with their session tag: every GET checks the browser's
  // cookie to decide whether to mint one, and the HMAC was a visible share of a member read's CPU.
  // Only valid tokens are kept (a made-up value is checked every time and never enters); bounded,
  // the oldest goes first.
  const validXsrfTokens = new Map<string, string>();
  const xsrfTag = (token: string | undefined): string | undefined => {
    if (token === undefined) return undefined;
    const known = validXsrfTokens.get(token);
    if (known !== undefined) return known;
    const tag = tagOf(config.linkSecret, token);
    if (tag === undefined) return undefined;
    if (validXsrfTokens.size >= VALID_XSRF_KEPT)
      validXsrfTokens.delete(validXsrfTokens.keys().next().value as string);
    validXsrfTokens.set(token, tag);
    return tag;
  };
  // The session of each bearer token seen, so a member's reads do not check its signature again
  // here (the token's full text includes the signature, so no entry can be made up). Bounded.
  const sessions = new Map<string, string>();
  /** The session of the request's bearer token (expired or not), or undefined without one. */
  const sessionOf = (request: FastifyRequest): string | undefined => {
    const token = bearerOf(request);
    if (!token) return undefined;
    let session = sessions.get(token);
    if (session === undefined) {
      session = sessionOfAccessToken(token, config.jwtSecret) ?? '';
      if (sessions.size >= VALID_XSRF_KEPT) sessions.delete(sessions.keys().next().value as string);
      sessions.set(token, session);
    }
    return session;
  };
  app.decorateRequest('xsrfSession', undefined);

  // Synchronous with its callback: an async hook costs a promise and a microtask turn per request.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
  function checkRequest(request: FastifyRequest): void {
    const query = request.query as Record<string, unknown> | undefined;
    if (query) {
      for (const key of Object.keys(query)) {
        if (SECRET_QUERY_KEYS.has(key.toLowerCase())) {
          throw new AppError('credentials_in_query', 'Send credentials in the request body.');
        }
      }
    }
    if (isSafeMethod(request.method) || !isApiRequest(request)) return;
    const cookie = readCookie(request.headers.cookie, XSRF_COOKIE);
    // Bearer-only clients send no cookie and are not exposed to cross-site requests.
    if (cookie === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        throw new AppError('forbidden', 'Cross-site requests are not allowed.');
      }
      return;
    }
    const header = request.headers[XSRF_HEADER];
    const tag = xsrfTag(cookie);
    // A request that carries a session must carry that session's cookie; one without a session
    // (a visitor logging in) can act for nobody, and any cookie of ours does.
    const session = sessionOf(request);
    if (
      typeof header !== 'string' ||
      header !== cookie ||
      tag === undefined ||
      (session !== undefined && tag !== sessionTag(config.linkSecret, session)) ||
      request.headers['sec-fetch-site'] === 'cross-site'
    ) {
      throw new AppError('forbidden', 'Your session check failed. Please reload the page and try again.');
    }
  }

  // The headers every answer carries, built once; one synchronous onSend hook sets them (an
  // async hook costs a promise and a microtask turn per request).
  const constantHeaders = securityHeaders(config);
  const cookieSuffix = `; Path=/; SameSite=Strict${secureCookie ? '; Secure' : ''}`;
  const isClosing = options.isClosing ?? (() => false);

  // An answer that carries a new access token (Login, LoginWithLink, GoogleLogin, RefreshToken,
  // ChangePassword, Subscribe, TakeQuiz with registration) starts or changes a session: its XSRF
  // cookie is bound to that session (docs/reliability.md#a11).
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode < 300 && payload && typeof payload === 'object' && isApiRequest(request)) {
      const body = payload as { token?: unknown; authenticationResult?: { token?: unknown } | null };
      const token = typeof body.token === 'string' ? body.token : body.authenticationResult?.token;
      if (typeof token === 'string') {
        const session = sessionOfAccessToken(token, config.jwtSecret);
        if (session) request.xsrfSession = session;
      }
    }
    done(null, payload);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // A prerendered page sends the policy with its inline styles' hashes (static.ts); it is kept.
    const pagePolicy = reply.getHeader('content-security-policy');
    reply.headers(constantHeaders);
    if (pagePolicy !== undefined) reply.header('content-security-policy', pagePolicy);
    // While the server closes, answers end their connection so keep-alive clients let it stop.
    if (isClosing()) reply.header('connection', 'close');
    const url = request.url;
    const isApi = isApiRequest(request);
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (request.xsrfSession !== undefined && reply.statusCode < 300) {
      reply.header('set-cookie', xsrfCookie(request.xsrfSession));
    } else if (
      request.method === 'GET' &&
      !(isApi && routePattern(request)?.toLowerCase() === '/api/health') &&
      // Hashed assets and publicly cacheable answers stay cacheable by shared caches: no cookie on them.
      !url.startsWith('/assets/') &&
      !String(reply.getHeader('cache-control') ?? '').includes('public')
    ) {
      // A missing or foreign cookie is replaced; so is one of another session when the request
      // carries its bearer token (a page load carries none and keeps the cookie it has).
      const tag = xsrfTag(readCookie(request.headers.cookie, XSRF_COOKIE));
      const session = sessionOf(request);
      if (tag === undefined || (session !== undefined && tag !== sessionTag(config.linkSecret, session)))
        reply.header('set-cookie', xsrfCookie(session));
    }
    done(null, payload);
  });
  const xsrfCookie = (session: string | undefined) =>
    `${XSRF_COOKIE}=${createXsrfToken(config.linkSecret, session)}${cookieSuffix}`;
}
