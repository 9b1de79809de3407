import { boolean, customType, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A shipping address as stored in `identities.shipping_address`. */
export interface StoredAddress {
  street1?: string | null;
  street2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
}

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// PGlite answers bytea as Uint8Array and node-postgres as Buffer: both become a Buffer here.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

export const identities = pgTable('identities', {
  id: uuid('id').primaryKey(),
  /** Lower-cased. */
  email: text('email').notNull(),
  /** PHC string (argon2id); null for a Google-only account. */
  passwordHash: text('password_hash'),
  emailVerifiedAt: timestamptz('email_verified_at'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phoneNumber: text('phone_number'),
  age: integer('age'),
  isEmailSubscribed: boolean('is_email_subscribed').notNull().default(false),
  referralCode: text('referral_code').notNull(),
  referredByCode: text('referred_by_code'),
  quizId: text('quiz_id'),
  orderId: text('order_id'),
  permissions: text('permissions').array().notNull().default([]),
  about: text('about'),
  profilePicture: text('profile_picture'),
  address: text('address'),
  shippingAddress: jsonb('shipping_address').$type<StoredAddress>(),
  googleSub: text('google_sub'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type IdentityRow = typeof identities.$inferSelect;

/** What a mailed one-time link does: verify the address, reset the password, or log in. */
export type OneTimePurpose = 'verify' | 'reset' | 'login';

export const oneTimeTokens = pgTable('one_time_tokens', {
  id: uuid('id').primaryKey(),
  purpose: text('purpose').$type<OneTimePurpose>().notNull(),
  /** sha256 of the secret sent by mail. */
  tokenHash: text('token_hash').notNull(),
  identityId: uuid('identity_id').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey(),
  /** sha256 of the opaque token the client holds. */
  tokenHash: text('token_hash').notNull(),
  familyId: uuid('family_id').notNull(),
  identityId: uuid('identity_id').notNull(),
  usedAt: timestamptz('used_at'),
  revokedAt: timestamptz('revoked_at'),
  familyExpiresAt: timestamptz('family_expires_at').notNull(),
  /** The pair this token was rotated into, sealed with a key derived from this token (sessions.ts). */
  successorSealed: text('successor_sealed'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const identityImages = pgTable('identity_images', {
  id: uuid('id').primaryKey(),
  identityId: uuid('identity_id').notNull(),
  mime: text('mime').$type<ImageMime>().notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';
