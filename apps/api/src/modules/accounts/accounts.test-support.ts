import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createMemoryRateLimiter, type RateLimiter } from '../../http/rate-limit.ts';
import type { TestServer } from '../../test/helpers.ts';

/** Shared by the accounts tests (not a test file itself). */

export const GOOD_PASSWORD = 'correct horse battery staple';

/** A limiter that allows everything: for timing tests that repeat one call many times. */
export function unlimited(): RateLimiter {
  return {
    hit: async () => ({ allowed: true, retryAfterSeconds: 1 }),
    reset: async () => {},
    giveBack: async () => {},
    close: async () => {},
  };
}

/**
 * The real in-memory limiter with the per-IP rules raised: every test request comes from
 * 127.0.0.1. Per-account, per-email and mail caps keep their real values.
 */
export function relaxedLimiter(): RateLimiter {
  const inner = createMemoryRateLimiter();
  return {
    hit: (key, max, windowMs) => inner.hit(key, /^[a-z-]+-ip:/.test(key) ? 100_000 : max, windowMs),
    reset: (key) => inner.reset(key),
    giveBack: (key) => inner.giveBack(key),
    close: () => inner.close(),
  };
}

export type SentMail = {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
};

/** Mails go out in the background: waits until `count` mails of `kind` to `to` are stored. */
export async function waitForMails(
  db: Db,
  to: string,
  kind: string,
  count = 1,
  timeoutMs = 5000,
): Promise<SentMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await db.execute<SentMail & { to_address: string }>(sql`
      SELECT kind, to_address, subject, html, text FROM emails
      WHERE to_address = ${to.toLowerCase()} AND kind = ${kind} ORDER BY created_at, id`);
    if (result.rows.length >= count) return result.rows.map((r) => ({ ...r, to: r.to_address }));
    if (Date.now() > deadline)
      throw new Error(`expected ${count} "${kind}" mail(s) to ${to}, found ${result.rows.length}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

export async function waitForMail(db: Db, to: string, kind: string): Promise<SentMail> {
  const mails = await waitForMails(db, to, kind);
  return mails[mails.length - 1]!;
}

/** Every mail to an address, after giving background sends a moment to land. */
export async function mailsTo(db: Db, to: string, settleMs = 150): Promise<SentMail[]> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const result = await db.execute<SentMail & { to_address: string }>(sql`
    SELECT kind, to_address, subject, html, text FROM emails WHERE to_address = ${to.toLowerCase()} ORDER BY created_at, id`);
  return result.rows.map((r) => ({ ...r, to: r.to_address }));
}

/** The code and user id of `/verification/{code}/{userId}` in a mail. */
export function verificationLinkOf(mail: SentMail): { code: string; userId: string } {
  const match = /\/verification\/([\w-]+)\/([0-9a-f-]{36})/.exec(mail.text);
  if (!match) throw new Error('no verification link in the mail');
  return { code: match[1]!, userId: match[2]! };
}

/** The token of `/reset-password?token=...&email=...` in a mail. */
export function resetTokenOf(mail: SentMail): string {
  const match = /\/reset-password\?token=([\w%-]+)&email=/.exec(mail.text);
  if (!match) throw new Error('no reset link in the mail');
  return decodeURIComponent(match[1]!);
}

/**
 * Registers, verifies and logs in; answers the tokens and the identity id. `optIn` ticks
 * "Email me news and offers" (marketing mail is opt-in).
 */
export async function signUpVerified(
  server: TestServer,
  email: string,
  password = GOOD_PASSWORD,
  options: { optIn?: boolean } = {},
) {
  const registered = await server.request('POST', '/api/User/Register', {
    body: { emailAddress: email, password, isAgeConfirmed: true, isEmailSubscribed: options.optIn },
  });
  expect(registered.status).toBe(200);
  const link = verificationLinkOf(await waitForMail(server.database.db, email, 'verify-email'));
  const verified = await server.request(
    'POST',
    `/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`,
  );
  expect(verified.status).toBe(200);
  const login = await server.request('POST', '/api/User/Login', { body: { emailAddress: email, password } });
  expect(login.status).toBe(200);
  return {
    identityId: link.userId,
    token: login.body.token as string,
    refreshToken: login.body.refresh_token as string,
  };
}

/** The token of `/login-link?token=...` in a mail. */
export function loginLinkTokenOf(mail: SentMail): string {
  const match = /\/login-link\?token=([\w%-]+)/.exec(mail.text);
  if (!match) throw new Error('no login link in the mail');
  return decodeURIComponent(match[1]!);
}
