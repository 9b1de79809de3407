import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { REFRESH_FAMILY_TTL_SECONDS, type TokenPair } from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessTokens } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import * as repo from './accounts.repository.ts';
import { hashSecret, newSecret } from './secrets.ts';

export interface SessionDeps {
  db: Db;
  clock: () => Date;
  tokens: AccessTokens;
}

/**
 * Two tabs refreshing at the same moment both present the same refresh token: the one that comes
 * second within this many seconds of the rotation gets the very pair the first one got (kept,
 * sealed, with the rotation), never a pair of its own, and nobody is logged out. Later than that, a
 * rotated token coming back is treated as stolen (docs/reliability.md#a8, docs/reliability.md#a9).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;

/**
 * The successor pair is sealed (AES-256-GCM) with a key derived from the rotated refresh token
 * itself: the database keeps only that token's hash, so neither a copy of the table nor anyone
 * without the old token can read the new pair.
 */
function sealKey(refreshToken: string): Buffer {
  return createHash('sha256').update(`refresh-successor:${refreshToken}`).digest();
}

export function sealSuccessor(refreshToken: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function openSuccessor(refreshToken: string, sealed: string): TokenPair | undefined {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', sealKey(refreshToken), iv);
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    const pair = JSON.parse(text) as TokenPair;
    return typeof pair.token === 'string' && typeof pair.refresh_token === 'string' ? pair : undefined;
  } catch {
    return undefined;
  }
}

const sessionExpired = () => new AppError('unauthorized', 'Your session has expired. Please log in again.');

/**
 * Sessions are a short-lived access token plus a refresh token that is rotated on every use.
 * The tokens of one sign-in form a family that ends 30 days after the sign-in however often it
 * is refreshed; presenting a token that was already rotated revokes its whole family.
 */
export function createSessions({ db, clock, tokens }: SessionDeps) {
  async function pairFor(
    identityId: string,
    familyId: string,
    familyExpiresAt: Date,
    tx: Db = db,
  ): Promise<TokenPair> {
    const refresh = newSecret();
    await repo.insertRefreshToken(tx, {
      id: randomUUID(),
      tokenHash: hashSecret(refresh),
      familyId,
      identityId,
      familyExpiresAt,
    });
    return { token: await tokens.sign(identityId, familyId), refresh_token: refresh };
  }

  return {
    /** A new sign-in: a new family. */
    issue(identityId: string, tx: Db = db): Promise<TokenPair> {
      const expiresAt = new Date(clock().getTime() + REFRESH_FAMILY_TTL_SECONDS * 1000);
      return pairFor(identityId, randomUUID(), expiresAt, tx);
    },

    /**
     * Trades a refresh token for a new pair in the same family; 401 for anything else. The claim,
     * the new pair and its sealed copy are one transaction: a parallel refresh of the same token
     * waits for it, then finds the pair to answer again.
     */
    async refresh(refreshToken: string, log?: FastifyBaseLogger): Promise<TokenPair> {
      const now = clock();
      const tokenHash = hashSecret(refreshToken);
      const rotated = await db.transaction(async (t) => {
        const claimed = await repo.claimRefreshToken(t, tokenHash, now);
        if (!claimed) return undefined;
        const pair = await pairFor(claimed.identityId, claimed.familyId, claimed.familyExpiresAt, t);
        await repo.keepSuccessor(t, tokenHash, sealSuccessor(refreshToken, pair));
        return pair;
      });
      if (rotated) return rotated;

      const known = await repo.findRefreshToken(db, tokenHash);
      if (
        known?.usedAt &&
        !known.revokedAt &&
        known.familyExpiresAt > now &&
        now.getTime() - known.usedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000 &&
        !(await repo.isFamilyRevoked(db, known.familyId))
      ) {
        const pair = known.successorSealed ? openSuccessor(refreshToken, known.successorSealed) : undefined;
        log?.info(
          { event: 'refresh_token_replay', identityId: known.identityId, familyId: known.familyId },
          'a rotated refresh token came back within the grace window; its successor pair is answered again',
        );
        // A rotation from before successors were kept has none to answer: the tab logs in again.
        if (pair) return pair;
        throw sessionExpired();
      }
      if (known && (known.usedAt || known.revokedAt)) {
        // A rotated token came back: either it was stolen or the thief already used it.
        // Ending the family logs out both, and the real user signs in again (RFC 9700 §4.14.2).
        await repo.revokeFamily(db, known.familyId, now);
        await tokens.revokeSessions([known.familyId]);
        log?.warn(
          { event: 'refresh_token_reuse', identityId: known.identityId, familyId: known.familyId },
          'security: a rotated refresh token was presented again; its family is revoked',
        );
      }
      throw sessionExpired();
    },

    /** Ends the family of this token; unknown or already ended tokens are fine (idempotent). */
    async logout(refreshToken: string): Promise<void> {
      const known = await repo.findRefreshToken(db, hashSecret(refreshToken));
      if (!known) return;
      await repo.revokeFamily(db, known.familyId, clock());
      await tokens.revokeSessions([known.familyId]);
    },

    /** Ends every session of an identity (password reset or change). */
    async revokeAll(identityId: string, tx: Db = db): Promise<void> {
      const familyIds = await repo.revokeAllFamilies(tx, identityId, clock());
      // Refused at once, even if the transaction later fails: ending a session too eagerly is safe.
      await tokens.revokeSessions(familyIds);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
