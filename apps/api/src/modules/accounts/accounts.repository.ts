import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  type IdentityRow,
  type ImageMime,
  identities,
  identityImages,
  type OneTimePurpose,
  oneTimeTokens,
  refreshTokens,
} from './accounts.table.ts';

/** Drizzle queries of the accounts module; every function takes the db or a transaction. */

export type NewIdentity = typeof identities.$inferInsert;

export async function insertIdentity(db: Db, identity: NewIdentity): Promise<IdentityRow | undefined> {
  const rows = await db.insert(identities).values(identity).onConflictDoNothing().returning();
  return rows[0];
}

export async function findIdentityById(db: Db, id: string): Promise<IdentityRow | undefined> {
  const rows = await db.select().from(identities).where(eq(identities.id, id)).limit(1);
  return rows[0];
}

export async function findIdentityByEmail(db: Db, email: string): Promise<IdentityRow | undefined> {
  const rows = await db.select().from(identities).where(eq(identities.email, email.toLowerCase())).limit(1);
  return rows[0];
}

export async function findIdentityByGoogleSub(db: Db, sub: string): Promise<IdentityRow | undefined> {
  const rows = await db.select().from(identities).where(eq(identities.googleSub, sub)).limit(1);
  return rows[0];
}

export async function referralCodeExists(db: Db, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: identities.id })
    .from(identities)
    .where(eq(identities.referralCode, code))
    .limit(1);
  return rows.length > 0;
}

export async function updateIdentity(
  db: Db,
  id: string,
  changes: Partial<Omit<NewIdentity, 'id' | 'createdAt'>>,
): Promise<IdentityRow | undefined> {
  if (Object.keys(changes).length === 0) return findIdentityById(db, id);
  const rows = await db.update(identities).set(changes).where(eq(identities.id, id)).returning();
  return rows[0];
}

/** Marks the email verified once; an earlier verification date is kept. */
export async function markEmailVerified(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(identities)
    .set({ emailVerifiedAt: sql`coalesce(${identities.emailVerifiedAt}, ${at})` })
    .where(eq(identities.id, id));
}

/** Turns marketing mail off; false when the identity is unknown or already unsubscribed. */
export async function unsubscribe(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(identities)
    .set({ isEmailSubscribed: false })
    .where(and(eq(identities.id, id), eq(identities.isEmailSubscribed, true)))
    .returning({ id: identities.id });
  return rows.length > 0;
}

// One-time tokens ---------------------------------------------------------------------------

export async function insertOneTimeToken(
  db: Db,
  token: { id: string; purpose: OneTimePurpose; tokenHash: string; identityId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeTokens).values(token);
}

/**
 * Uses a one-time token in one atomic statement, so two requests with the same link cannot
 * both succeed. Answers the identity it belongs to, or undefined when unknown, used, expired,
 * or not this identity's.
 */
export async function claimOneTimeToken(
  db: Db,
  claim: { purpose: OneTimePurpose; tokenHash: string; identityId: string; now: Date },
): Promise<string | undefined> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: claim.now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, claim.tokenHash),
        eq(oneTimeTokens.purpose, claim.purpose),
        eq(oneTimeTokens.identityId, claim.identityId),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, claim.now),
      ),
    )
    .returning({ identityId: oneTimeTokens.identityId });
  return rows[0]?.identityId;
}

/**
 * Uses a one-time token that names no identity in its link (a login link): one atomic statement,
 * so the same link used twice at once logs in once. Answers the identity, or undefined.
 */
export async function claimOneTimeTokenByHash(
  db: Db,
  claim: { purpose: OneTimePurpose; tokenHash: string; now: Date },
): Promise<string | undefined> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: claim.now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, claim.tokenHash),
        eq(oneTimeTokens.purpose, claim.purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, claim.now),
      ),
    )
    .returning({ identityId: oneTimeTokens.identityId });
  return rows[0]?.identityId;
}

/** Whether this link was ever issued to this identity for this purpose, used or not, expired or not. */
export async function oneTimeTokenWasIssued(
  db: Db,
  query: { purpose: 'verify' | 'reset'; tokenHash: string; identityId: string },
): Promise<boolean> {
  const rows = await db
    .select({ identityId: oneTimeTokens.identityId })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, query.tokenHash),
        eq(oneTimeTokens.purpose, query.purpose),
        eq(oneTimeTokens.identityId, query.identityId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The identity of an unused, unexpired link, without using it up. */
export async function findOpenOneTimeToken(
  db: Db,
  query: { purpose: OneTimePurpose; tokenHash: string; now: Date },
): Promise<string | undefined> {
  const rows = await db
    .select({ identityId: oneTimeTokens.identityId })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, query.tokenHash),
        eq(oneTimeTokens.purpose, query.purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, query.now),
      ),
    )
    .limit(1);
  return rows[0]?.identityId;
}

/** Retires every open link of one purpose (a new password makes older reset links useless). */
export async function expireOneTimeTokens(db: Db, identityId: string, purpose: OneTimePurpose, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.identityId, identityId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

// Refresh tokens ----------------------------------------------------------------------------

export async function insertRefreshToken(
  db: Db,
  token: { id: string; tokenHash: string; familyId: string; identityId: string; familyExpiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/**
 * Rotates a refresh token in one atomic UPDATE: it succeeds for exactly one caller, and only
 * while the token is unused, its family is alive (no member revoked) and not expired.
 */
export async function claimRefreshToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ familyId: string; identityId: string; familyExpiresAt: Date } | undefined> {
  const result = await db.execute<{
    family_id: string;
    identity_id: string;
    family_expires_at: string | Date;
  }>(sql`
    UPDATE refresh_tokens AS t SET used_at = ${now}
    WHERE t.token_hash = ${tokenHash}
      AND t.used_at IS NULL
      AND t.revoked_at IS NULL
      AND t.family_expires_at > ${now}
      AND NOT EXISTS (
        SELECT 1 FROM refresh_tokens AS f WHERE f.family_id = t.family_id AND f.revoked_at IS NOT NULL
      )
    RETURNING t.family_id, t.identity_id, t.family_expires_at`);
  const row = result.rows[0];
  return row
    ? {
        familyId: row.family_id,
        identityId: row.identity_id,
        familyExpiresAt: new Date(row.family_expires_at),
      }
    : undefined;
}

/** Keeps the sealed pair a refresh token was rotated into (sessions.ts). */
export async function keepSuccessor(db: Db, tokenHash: string, sealed: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ successorSealed: sealed })
    .where(eq(refreshTokens.tokenHash, tokenHash));
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Revokes one family; a token later added to it is dead too, because the claim checks the family. */
export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every live family of an identity and answers their ids. */
export async function revokeAllFamilies(db: Db, identityId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.identityId, identityId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((r) => r.familyId))];
}

// Images ------------------------------------------------------------------------------------

/** Keeps one picture per identity: the new one replaces the old. */
export async function replaceImage(
  db: Db,
  image: { id: string; identityId: string; mime: ImageMime; data: Buffer },
) {
  await db.delete(identityImages).where(eq(identityImages.identityId, image.identityId));
  await db.insert(identityImages).values(image);
}

export async function findImage(db: Db, id: string): Promise<{ mime: ImageMime; data: Buffer } | undefined> {
  const rows = await db
    .select({ mime: identityImages.mime, data: identityImages.data })
    .from(identityImages)
    .where(eq(identityImages.id, id))
    .limit(1);
  return rows[0];
}

/** The profile's shipping address (the JSON of the address without the names), set by the back office. */
export async function setShippingAddress(tx: Db, identityId: string, address: object): Promise<void> {
  await tx.execute(sql`
          UPDATE identities SET shipping_address = ${JSON.stringify(address)}::jsonb WHERE id = ${identityId}`);
}

/** Holds the member's identity row until the transaction ends: serialises a member's first writes (the cart's "find or create"). */
export async function lockIdentity(tx: Db, identityId: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM identities WHERE id = ${identityId} FOR UPDATE`);
}

/** The member closed the referral popup (docs/product.md#referrals): the first time is kept. */
export async function markReferralPopupShown(db: Db, identityId: string, at: Date): Promise<void> {
  await db.execute(sql`
    UPDATE identities SET referral_popup_shown_at = coalesce(referral_popup_shown_at, ${at.toISOString()})
    WHERE id = ${identityId}`);
}
