import { createHmac, timingSafeEqual } from 'node:crypto';

/** Unsubscribe links stay valid a year: CAN-SPAM wants them to work for at least 30 days after a mail. */
export const UNSUBSCRIBE_LINK_TTL_SECONDS = 365 * 24 * 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function signature(secret: string, payload: string): string {
  return createHmac('sha256', `unsubscribe:${secret}`).update(payload).digest('base64url');
}

/** `{identityId}.{expiry in unix seconds}.{HMAC}`: needs no table, cannot be forged or extended. */
export function createUnsubscribeToken(secret: string, identityId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_LINK_TTL_SECONDS;
  const payload = `${identityId}.${expires}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The identity a token was made for, or undefined when it is forged, malformed or expired. */
export function readUnsubscribeToken(secret: string, token: string, now: Date): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [identityId, expires, given] = parts as [string, string, string];
  if (!UUID.test(identityId) || !/^\d{1,12}$/.test(expires)) return undefined;
  const expected = Buffer.from(signature(secret, `${identityId}.${expires}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  if (Number(expires) * 1000 <= now.getTime()) return undefined;
  return identityId.toLowerCase();
}

/** The web page `/unsubscribe/{token}` that marketing mails link to. */
export function buildUnsubscribeUrl(
  config: { publicUrl: string; linkSecret: string },
  identityId: string,
  now: Date = new Date(),
): string {
  return `${config.publicUrl}/unsubscribe/${createUnsubscribeToken(config.linkSecret, identityId, now)}`;
}
