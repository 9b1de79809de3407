import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe: refresh tokens and one-time email codes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a secret: a leaked table lets no one sign in or use a link. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A short tag of an email for logs: lines about one account can be matched without the address. */
export function emailTag(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 12);
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 8 characters without look-alikes (0/O, 1/I): easy to read aloud and URL-safe. */
export function newReferralCode(): string {
  const bytes = randomBytes(8);
  let code = '';
  for (const b of bytes) code += REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length];
  return code;
}
