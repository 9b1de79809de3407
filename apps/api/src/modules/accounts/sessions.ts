import { randomUUID } from 'node:crypto';
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
 * second within this many seconds of the rotation gets a pair of its own instead of ending the
 * session. Later than that, a rotated token coming back is treated as stolen.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;

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

    /** Trades a refresh token for a new pair in the same family; 401 for anything else. */
    async refresh(refreshToken: string, log?: FastifyBaseLogger): Promise<TokenPair> {
      const now = clock();
      const tokenHash = hashSecret(refreshToken);
      const claimed = await repo.claimRefreshToken(db, tokenHash, now);
      if (claimed) return pairFor(claimed.identityId, claimed.familyId, claimed.familyExpiresAt);

      const known = await repo.findRefreshToken(db, tokenHash);
      if (
        known?.usedAt &&
        !known.revokedAt &&
        known.familyExpiresAt > now &&
        now.getTime() - known.usedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000 &&
        !(await repo.isFamilyRevoked(db, known.familyId))
      ) {
        return pairFor(known.identityId, known.familyId, known.familyExpiresAt);
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
