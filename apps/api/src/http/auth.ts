import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@store/contracts';
import type { FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import { unauthorized } from './errors.ts';
import { BEARER_OPTIONAL, BEARER_REQUIRED } from './openapi.ts';
import { createMemoryRevocations, type Revocations } from './revocations.ts';

const ISSUER = 'sample-first-store';
const AUDIENCE = 'sample-first-store/web';

/** Short-lived access tokens (JWT, HS256); the refresh side lives in the accounts module. */
export interface AccessTokens {
  /** An access token; `sessionId` (the refresh-token family) lets a logout refuse it at once. */
  sign(identityId: string, sessionId?: string): Promise<string>;
  /** The identity id of a valid access token whose session is not ended, or undefined. */
  verify(token: string): Promise<string | undefined>;
  /** Ends these sessions now: their access tokens are refused from the next request on. */
  revokeSessions(sessionIds: readonly string[]): Promise<void>;
}

export function createAccessTokens(
  secret: string,
  now: () => Date = () => new Date(),
  revocations: Revocations = createMemoryRevocations(),
): AccessTokens {
  // A KeyObject made once: jose would otherwise import the raw secret on every verification.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // Tokens whose signature and claims were checked, by their full text (which includes the
  // signature, so no entry can be made up): a member's next requests skip the HMAC and the JSON
  // parsing. Expiry and the session's revocation are still checked on every request. Bounded; the
  // oldest entry goes first.
  const checked = new Map<string, AccessClaims>();
  const remember = (token: string, claims: AccessClaims | undefined) => {
    if (!claims) return undefined;
    if (checked.size >= CHECKED_TOKENS_KEPT) checked.delete(checked.keys().next().value as string);
    checked.set(token, claims);
    return claims;
  };
  return {
    async sign(identityId, sessionId) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT(sessionId ? { typ: 'access', sid: sessionId } : { typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(identityId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setNotBefore(iat - 5)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token) {
      const at = now();
      const payload = checked.get(token) ?? remember(token, verifyHs256(token, secret, at));
      if (!payload || payload.exp * 1000 <= at.getTime()) return undefined;
      if (typeof payload.sid === 'string' && (await revocations.isRevoked(payload.sid))) return undefined;
      return payload.sub;
    },
    revokeSessions: (sessionIds) => revocations.revoke(sessionIds),
  };
}

interface AccessClaims {
  sub: string;
  sid?: unknown;
  /** Seconds since the epoch. */
  exp: number;
}

/** How many checked tokens `verify` keeps (about 200 bytes each). */
const CHECKED_TOKENS_KEPT = 10_000;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function jsonPart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks one of our access tokens synchronously with node:crypto's HMAC: on every signed-in
 * request jose's verification went through WebCrypto (a key import, promises and buffer copies
 * per call), which showed in the member reads' CPU profile. The rules are jose's, kept strict: only
 * HS256 (never `none` or another algorithm), no `crit` header, a constant-time signature
 * comparison, our issuer and audience, `iat`, `sub` and an `exp` still ahead, `nbf` passed, and
 * the `access` type. Tokens are still signed by jose (`sign` above).
 */
export function verifyHs256(
  token: string,
  secret: string,
  at: Date,
  options: { ignoreTimes?: boolean } = {},
): AccessClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  if (!BASE64URL.test(headerPart) || !BASE64URL.test(payloadPart) || !BASE64URL.test(signaturePart))
    return undefined;
  const header = jsonPart(headerPart);
  if (header?.alg !== 'HS256' || 'crit' in header || 'b64' in header) return undefined;
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims = jsonPart(payloadPart);
  if (!claims) return undefined;
  const nowSeconds = Math.floor(at.getTime() / 1000);
  const audience = claims.aud;
  if (claims.iss !== ISSUER) return undefined;
  if (audience !== AUDIENCE && !(Array.isArray(audience) && audience.includes(AUDIENCE))) return undefined;
  if (typeof claims.sub !== 'string' || !claims.sub) return undefined;
  if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number') return undefined;
  if (claims.exp <= nowSeconds && !options.ignoreTimes) return undefined;
  if (
    !options.ignoreTimes &&
    claims.nbf !== undefined &&
    (typeof claims.nbf !== 'number' || claims.nbf > nowSeconds)
  )
    return undefined;
  if (claims.typ !== 'access') return undefined;
  return { sub: claims.sub, sid: claims.sid, exp: claims.exp };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`: the caller's identity id. */
    identityId: string | undefined;
  }
}

/**
 * The session (refresh family) an access token of ours was issued for, expired or not: what the
 * XSRF cookie is bound to (docs/reliability.md#a11). A token that is not ours has none.
 */
export function sessionOfAccessToken(token: string, secret: string): string | undefined {
  const claims = verifyHs256(token, secret, new Date(), { ignoreTimes: true });
  return typeof claims?.sid === 'string' ? claims.sid : undefined;
}

/** The bearer token of a request, if any. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  // The scheme is case-insensitive (RFC 9110 §11.1): `bearer …` works like `Bearer …`.
  if (!header || header.length < 8 || header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  const token = header.slice(7).trim();
  return token || undefined;
}

/** A preHandler: 401 unless the request carries a valid access token. */
export function requireUser(tokens: AccessTokens) {
  const check = async (request: FastifyRequest) => {
    const token = bearerOf(request);
    const identityId = token ? await tokens.verify(token) : undefined;
    if (!identityId) throw unauthorized();
    request.identityId = identityId;
  };
  // The API description lists the bearer token for every route guarded by this.
  return Object.assign(check, { [BEARER_REQUIRED]: true });
}

/** A preHandler that reads the token when present and goes on anonymously otherwise. */
export function optionalUser(tokens: AccessTokens) {
  const read = async (request: FastifyRequest) => {
    const token = bearerOf(request);
    request.identityId = token ? await tokens.verify(token) : undefined;
  };
  return Object.assign(read, { [BEARER_OPTIONAL]: true });
}

/** The caller's id after `requireUser`. */
export function userOf(request: FastifyRequest): string {
  if (!request.identityId) throw unauthorized();
  return request.identityId;
}
