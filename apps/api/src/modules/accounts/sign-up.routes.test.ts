import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import {
  GOOD_PASSWORD,
  mailsTo,
  relaxedLimiter,
  verificationLinkOf,
  waitForMail,
  waitForMails,
} from './accounts.test-support.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://store.example' }, { limiter: relaxedLimiter() });
});
afterAll(async () => {
  await server?.close();
});

const register = (body: Record<string, unknown>, query = '') =>
  server.request('POST', `/api/User/Register${query}`, { body: { isAgeConfirmed: true, ...body } });

async function identityRow(email: string) {
  const result = await server.database.db.execute<Record<string, unknown>>(
    sql`SELECT * FROM identities WHERE email = ${email}`,
  );
  return result.rows[0];
}

describe('POST /api/User/Register', () => {
  it('creates an unverified account and mails a verification link to /verification/{code}/{userId}', async () => {
    const res = await register({ emailAddress: 'New.Person@Example.com', password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Thank you, keep an eye on your inbox for a verification link!' });

    const row = await identityRow('new.person@example.com');
    expect(row).toBeDefined();
    expect(row!.email_verified_at).toBeNull();
    expect(row!.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    // Marketing mail is opt-in: nobody ticked the box.
    expect(row!.is_email_subscribed).toBe(false);

    const mail = await waitForMail(server.database.db, 'new.person@example.com', 'verify-email');
    const link = verificationLinkOf(mail);
    expect(link.userId).toBe(row!.id);
    expect(mail.text).toContain(`https://store.example/verification/${link.code}/${link.userId}`);
    expect(mail.html).toContain(`https://store.example/verification/${link.code}/${link.userId}`);
  });

  it('reads body keys case-insensitively', async () => {
    const res = await server.request('POST', '/api/user/register', {
      body: { EmailAddress: 'cased@example.com', Password: GOOD_PASSWORD, IsAgeConfirmed: true },
    });
    expect(res.status).toBe(200);
    expect(await identityRow('cased@example.com')).toBeDefined();
  });

  it('keeps a referral code that belongs to an account, and drops an unknown one', async () => {
    await register({ emailAddress: 'referrer@example.com', password: GOOD_PASSWORD });
    const referrer = await identityRow('referrer@example.com');
    await register(
      { emailAddress: 'invited@example.com', password: GOOD_PASSWORD },
      `?referralCode=${referrer!.referral_code}`,
    );
    expect((await identityRow('invited@example.com'))!.referred_by_code).toBe(referrer!.referral_code);
    await register({ emailAddress: 'stray@example.com', password: GOOD_PASSWORD }, '?referralCode=NOPE1234');
    expect((await identityRow('stray@example.com'))!.referred_by_code).toBeNull();
  });

  it('answers the spec messages for a short password and an invalid email', async () => {
    const short = await register({ emailAddress: 'short@example.com', password: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.error_description).toBe('Password must be more than 6 characters!');
    const email = await register({ emailAddress: 'not-an-email', password: GOOD_PASSWORD });
    expect(email.status).toBe(400);
    expect(email.body.error_description).toBe('Please enter a valid email.');
    const spaced = await register({
      emailAddress: 'spaced@example.com',
      password: GOOD_PASSWORD,
      username: 'two words',
    });
    expect(spaced.status).toBe(400);
    expect(spaced.body.error_description).toBe('Username should contain no spacing!');
    expect(await identityRow('short@example.com')).toBeUndefined();
  });

  it('refuses different confirmation passwords and a missing age confirmation', async () => {
    const mismatch = await register({
      emailAddress: 'mismatch@example.com',
      password: GOOD_PASSWORD,
      confirmPassword: 'other one!',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error_description).toBe('Passwords do not match.');
    const noAge = await server.request('POST', '/api/User/Register', {
      body: { emailAddress: 'noage@example.com', password: GOOD_PASSWORD },
    });
    expect(noAge.status).toBe(400);
    expect(await identityRow('mismatch@example.com')).toBeUndefined();
    expect(await identityRow('noage@example.com')).toBeUndefined();
  });

  it('A5 answers a known address exactly like a new one and mails its owner instead', async () => {
    const first = await register({ emailAddress: 'known@example.com', password: GOOD_PASSWORD });
    const link = verificationLinkOf(
      await waitForMail(server.database.db, 'known@example.com', 'verify-email'),
    );
    await server.request('POST', `/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`);

    const again = await register({ emailAddress: 'known@example.com', password: 'a different password' });
    const fresh = await register({
      emailAddress: 'unknown-yet@example.com',
      password: 'a different password',
    });
    expect(again.status).toBe(fresh.status);
    expect(again.text).toBe(fresh.text);
    expect(again.text).toBe(first.text);
    const headerNames = (h: Headers) =>
      [...h.keys()].filter((k) => k !== 'date' && k !== 'set-cookie').sort();
    expect(headerNames(again.headers)).toEqual(headerNames(fresh.headers));
    expect(again.headers.get('content-length')).toBe(fresh.headers.get('content-length'));

    const mail = await waitForMail(server.database.db, 'known@example.com', 'already-registered');
    expect(mail.text).toContain('https://store.example/login');
    // Still one account, with the first password.
    const count = await server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM identities WHERE email = 'known@example.com'`,
    );
    expect(count.rows[0]!.n).toBe(1);
    const login = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: 'known@example.com', password: GOOD_PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it('sends a fresh verification link when a known address is still unverified', async () => {
    await register({ emailAddress: 'twice@example.com', password: GOOD_PASSWORD });
    await register({ emailAddress: 'twice@example.com', password: GOOD_PASSWORD });
    const mails = await waitForMails(server.database.db, 'twice@example.com', 'verify-email', 2);
    expect(verificationLinkOf(mails[0]!).code).not.toBe(verificationLinkOf(mails[1]!).code);
  });
});

describe('POST /api/User/VerifyEmail', () => {
  it('verifies once (A6); opened again the link says the address is already verified and changes nothing; sends the welcome mail with an unsubscribe link', async () => {
    await register({
      emailAddress: 'verify-me@example.com',
      password: GOOD_PASSWORD,
      isEmailSubscribed: true,
    });
    const link = verificationLinkOf(
      await waitForMail(server.database.db, 'verify-me@example.com', 'verify-email'),
    );
    const ok = await server.request('POST', `/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Your email address is verified and your account is ready.' });
    expect((await identityRow('verify-me@example.com'))!.email_verified_at).not.toBeNull();

    const again = await server.request(
      'POST',
      `/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`,
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      message: 'This email address is already verified. You can log in.',
      alreadyVerified: true,
    });

    const welcome = await waitForMail(server.database.db, 'verify-me@example.com', 'welcome');
    // The second opening sends no second welcome.
    expect(
      (await mailsTo(server.database.db, 'verify-me@example.com')).filter((m) => m.kind === 'welcome'),
    ).toHaveLength(1);
    expect(welcome.text).toMatch(/Unsubscribe https:\/\/store\.example\/unsubscribe\/[\w.-]+/);
    expect(welcome.html).toMatch(/href="https:\/\/store\.example\/unsubscribe\/[\w.-]+"/);
  });

  it('A6 a code cannot verify another user, and an unknown code or a bad id fails without 5xx', async () => {
    await register({ emailAddress: 'owner-a@example.com', password: GOOD_PASSWORD });
    await register({ emailAddress: 'owner-b@example.com', password: GOOD_PASSWORD });
    const a = verificationLinkOf(
      await waitForMail(server.database.db, 'owner-a@example.com', 'verify-email'),
    );
    const b = verificationLinkOf(
      await waitForMail(server.database.db, 'owner-b@example.com', 'verify-email'),
    );

    const crossed = await server.request('POST', `/api/User/VerifyEmail?code=${a.code}&userId=${b.userId}`);
    expect(crossed.status).toBe(400);
    expect((await identityRow('owner-b@example.com'))!.email_verified_at).toBeNull();
    expect((await identityRow('owner-a@example.com'))!.email_verified_at).toBeNull();

    for (const query of [
      `code=${'x'.repeat(43)}&userId=${a.userId}`,
      `code=${a.code}&userId=not-a-uuid`,
      `code=${a.code}`,
      '',
    ]) {
      const res = await server.request('POST', `/api/User/VerifyEmail?${query}`);
      expect(res.status).toBe(400);
    }
    // The right pair still works after the failures.
    const ok = await server.request('POST', `/api/User/VerifyEmail?code=${a.code}&userId=${a.userId}`);
    expect(ok.status).toBe(200);
    // A's used code with B's id, or a guessed code with A's id, never learns that A is verified.
    for (const query of [`code=${a.code}&userId=${b.userId}`, `code=${'y'.repeat(43)}&userId=${a.userId}`]) {
      const res = await server.request('POST', `/api/User/VerifyEmail?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_token');
    }
  });

  it('A6 stores only a hash of a 256-bit code, and the link expires after 24 hours', async () => {
    await register({ emailAddress: 'hashed@example.com', password: GOOD_PASSWORD });
    const link = verificationLinkOf(
      await waitForMail(server.database.db, 'hashed@example.com', 'verify-email'),
    );
    expect(Buffer.from(link.code, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await server.database.db.execute<{
      token_hash: string;
      expires_at: string;
      created_at: string;
    }>(
      sql`SELECT token_hash, expires_at, created_at FROM one_time_tokens WHERE identity_id = ${link.userId}`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.token_hash).not.toContain(link.code);
    expect(rows.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = new Date(rows.rows[0]!.expires_at).getTime() - new Date(rows.rows[0]!.created_at).getTime();
    expect(Math.abs(ttl - 24 * 3600 * 1000)).toBeLessThan(5000);

    await server.database.db.execute(
      sql`UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE identity_id = ${link.userId}`,
    );
    const expired = await server.request(
      'POST',
      `/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`,
    );
    expect(expired.status).toBe(400);
  });
});

describe('A2 password storage', () => {
  it('keeps an argon2id PHC hash (m=19456, t=2, p=1), different for equal passwords, and no plaintext anywhere', async () => {
    const sentinel = 'Sentinel-Pässword-9137';
    await register({ emailAddress: 'hash-one@example.com', password: sentinel });
    await register({ emailAddress: 'hash-two@example.com', password: sentinel });
    const one = (await identityRow('hash-one@example.com'))!.password_hash as string;
    const two = (await identityRow('hash-two@example.com'))!.password_hash as string;
    expect(one).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(one).not.toBe(two);

    // A dump of every table of the accounts module holds no plaintext.
    for (const table of ['identities', 'one_time_tokens', 'refresh_tokens', 'emails']) {
      const dump = await server.database.db.execute(sql.raw(`SELECT * FROM ${table}`));
      expect(JSON.stringify(dump.rows)).not.toContain(sentinel);
    }
  });
});

describe('register rate limit', () => {
  it('answers 429 with retry-after after too many sign-ups from one IP', async () => {
    const strict = await startTestServer();
    try {
      let last = 0;
      let retryAfter: string | null = null;
      for (let i = 0; i < 21; i++) {
        const res = await strict.request('POST', '/api/User/Register', {
          body: { emailAddress: `burst${i}@example.com`, password: GOOD_PASSWORD, isAgeConfirmed: true },
        });
        last = res.status;
        retryAfter = res.headers.get('retry-after');
      }
      expect(last).toBe(429);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(await mailsTo(strict.database.db, 'burst20@example.com', 50)).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});
