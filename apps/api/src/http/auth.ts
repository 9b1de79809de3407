import { createSecretKey } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@store/contracts';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
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
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string') return undefined;
        if (typeof payload.sid === 'string' && (await revocations.isRevoked(payload.sid))) return undefined;
        return payload.sub;
      } catch {
        return undefined;
      }
    },
    revokeSessions: (sessionIds) => revocations.revoke(sessionIds),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`: the caller's identity id. */
    identityId: string | undefined;
  }
}

function bearerOf(request: FastifyRequest): string | undefined {
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
