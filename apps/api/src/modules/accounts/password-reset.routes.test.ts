import argon2 from 'argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import {
  GOOD_PASSWORD,
  mailsTo,
  relaxedLimiter,
  resetTokenOf,
  signUpVerified,
  waitForMail,
  waitForMails,
} from './accounts.test-support.ts';

const FORGOT_MESSAGE = 'If an account exists for this email, we have sent a link to reset the password.';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://store.example' }, { limiter: relaxedLimiter() });
});
afterAll(async () => {
  await server?.close();
});

const forgot = (email: string) =>
  server.request('POST', `/api/User/ForgotPassword?email=${encodeURIComponent(email)}`);
const reset = (body: Record<string, unknown>) => server.request('POST', '/api/User/ResetPassword', { body });
const login = (emailAddress: string, password: string) =>
  server.request('POST', '/api/User/Login', { body: { emailAddress, password } });

describe('POST /api/User/ForgotPassword', () => {
  it('mails a 30-minute reset link to /reset-password?token&email, with the email in the query as the spec has it', async () => {
    await signUpVerified(server, 'forgetful@example.com');
    const res = await forgot('Forgetful@Example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: FORGOT_MESSAGE });
    const mail = await waitForMail(server.database.db, 'forgetful@example.com', 'reset-password');
    expect(mail.text).toMatch(
      /https:\/\/store\.example\/reset-password\?token=[\w-]{43}&email=forgetful%40example\.com/,
    );
    const row = await server.database.db.execute<{ ttl: number }>(sql`
      SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM one_time_tokens
      WHERE purpose = 'reset' AND token_hash IS NOT NULL ORDER BY created_at DESC LIMIT 1`);
    expect(Math.abs(row.rows[0]!.ttl - 1800)).toBeLessThan(5);
  });

  it('reads the email from a JSON body too', async () => {
    await signUpVerified(server, 'body-forgot@example.com');
    const res = await server.request('POST', '/api/User/ForgotPassword', {
      body: { email: 'body-forgot@example.com' },
    });
    expect(res.status).toBe(200);
    await waitForMail(server.database.db, 'body-forgot@example.com', 'reset-password');
  });

  it('A5 answers an unknown address exactly like a known one and mails nobody', async () => {
    await signUpVerified(server, 'known-forgot@example.com');
    const known = await forgot('known-forgot@example.com');
    const unknown = await forgot('unknown-forgot@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    const names = (h: Headers) => [...h.keys()].filter((k) => k !== 'date').sort();
    expect(names(unknown.headers)).toEqual(names(known.headers));
    expect(await mailsTo(server.database.db, 'unknown-forgot@example.com')).toHaveLength(0);
  });

  it('refuses a missing or invalid email', async () => {
    const missing = await server.request('POST', '/api/User/ForgotPassword');
    expect(missing.status).toBe(400);
    expect(missing.body.error_description).toBe('Email is required.');
    const invalid = await forgot('nope');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error_description).toBe('Please enter a valid email.');
  });

  it('A5 limits requests per email (429) and sends at most 5 mails an hour to one address', async () => {
    await signUpVerified(server, 'flooded@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await forgot('flooded@example.com')).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // One address gets at most 5 account mails an hour: the verification mail was the first.
    const mails = await mailsTo(server.database.db, 'flooded@example.com', 300);
    expect(mails.filter((m) => m.kind !== 'welcome').length).toBeLessThanOrEqual(5);
  });

  it('A5 limits requests per IP', async () => {
    const strict = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push(
          (await strict.request('POST', `/api/User/ForgotPassword?email=ip${i}@example.com`)).status,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe('POST /api/User/ResetPassword', () => {
  it('sets the password, verifies the email, ends every session, and works once (A6)', async () => {
    // An unverified account: the reset link proves the address.
    await server.request('POST', '/api/User/Register', {
      body: { emailAddress: 'resetter@example.com', password: GOOD_PASSWORD, isAgeConfirmed: true },
    });
    await forgot('resetter@example.com');
    const token = resetTokenOf(
      await waitForMail(server.database.db, 'resetter@example.com', 'reset-password'),
    );

    const done = await reset({ token, email: 'resetter@example.com', password: 'a brand new secret' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Your password has been reset. You can log in now.' });
    expect((await login('resetter@example.com', GOOD_PASSWORD)).status).toBe(400);
    const fresh = await login('resetter@example.com', 'a brand new secret');
    expect(fresh.status).toBe(200);

    const again = await reset({ token, email: 'resetter@example.com', password: 'yet another secret' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_token');
    expect((await login('resetter@example.com', 'a brand new secret')).status).toBe(200);
  });

  it('A6 revokes all refresh-token families of the user', async () => {
    const user = await signUpVerified(server, 'sessions-end@example.com');
    const second = await login('sessions-end@example.com', GOOD_PASSWORD);
    await forgot('sessions-end@example.com');
    const token = resetTokenOf(
      await waitForMail(server.database.db, 'sessions-end@example.com', 'reset-password'),
    );
    expect(
      (await reset({ token, email: 'sessions-end@example.com', password: 'new and different' })).status,
    ).toBe(200);
    for (const refreshToken of [user.refreshToken, second.body.refresh_token]) {
      const res = await server.request('POST', '/api/Account/RefreshToken', {
        body: { refresh_token: refreshToken },
      });
      expect(res.status).toBe(401);
    }
  });

  it('A5 a wrong link does the same work for a known and an unknown email: no password hash, the same queries', async () => {
    await signUpVerified(server, 'timing-known@example.com');
    const hash = vi.spyOn(argon2, 'hash');
    try {
      const workFor = async (email: string) => {
        hash.mockClear();
        const queriesBefore = server.database.queries.count;
        const res = await reset({ token: 'x'.repeat(43), email, password: 'a long new password' });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('invalid_token');
        return { hashes: hash.mock.calls.length, queries: server.database.queries.count - queriesBefore };
      };
      const known = await workFor('timing-known@example.com');
      const unknown = await workFor('timing-nobody@example.com');
      expect(known.hashes).toBe(0);
      expect(unknown).toEqual(known);
    } finally {
      hash.mockRestore();
    }
  });

  it("A6 a token works only for its own user's email, expires after 30 minutes, and a failed policy keeps it", async () => {
    await signUpVerified(server, 'token-owner@example.com');
    await signUpVerified(server, 'someone-else@example.com');
    await forgot('token-owner@example.com');
    const token = resetTokenOf(
      await waitForMail(server.database.db, 'token-owner@example.com', 'reset-password'),
    );

    const other = await reset({ token, email: 'someone-else@example.com', password: 'hijacked password' });
    expect(other.status).toBe(400);
    expect((await login('someone-else@example.com', 'hijacked password')).status).toBe(400);

    const common = await reset({ token, email: 'token-owner@example.com', password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.error_description).toBe(
      'This password is too common. Please choose a less common one.',
    );

    await server.database.db.execute(
      sql`UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset'`,
    );
    const expired = await reset({ token, email: 'token-owner@example.com', password: 'finally a new one' });
    expect(expired.status).toBe(400);
    expect(expired.body.error_description).toBe(
      'This password reset link is invalid or has expired. Please ask for a new one.',
    );
  });

  it('a new reset link does not revive an older one that was used', async () => {
    await signUpVerified(server, 'two-links@example.com');
    await forgot('two-links@example.com');
    await forgot('two-links@example.com');
    const [first, second] = (
      await waitForMails(server.database.db, 'two-links@example.com', 'reset-password', 2)
    ).map(resetTokenOf);
    expect(
      (await reset({ token: second!, email: 'two-links@example.com', password: 'the second link' })).status,
    ).toBe(200);
    // Setting a password retires every other open reset link.
    expect(
      (await reset({ token: first!, email: 'two-links@example.com', password: 'the first link' })).status,
    ).toBe(400);
  });
});

describe('POST /api/User/ChangePassword', () => {
  it('A3 requires the current password, then changes it, ends other sessions and answers a fresh pair', async () => {
    const user = await signUpVerified(server, 'changer@example.com');
    const wrong = await server.request('POST', '/api/User/ChangePassword', {
      token: user.token,
      body: { currentPassword: 'not my password', newPassword: 'my next password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_description).toBe('The current password is incorrect.');
    expect((await login('changer@example.com', 'my next password')).status).toBe(400);

    const short = await server.request('POST', '/api/User/ChangePassword', {
      token: user.token,
      body: { currentPassword: GOOD_PASSWORD, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error_description).toBe('Password must be more than 6 characters!');

    const ok = await server.request('POST', '/api/User/ChangePassword', {
      token: user.token,
      body: { currentPassword: GOOD_PASSWORD, newPassword: 'my next password' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Your password has been changed.');
    expect(ok.body.token).toBeTruthy();
    const oldRefresh = await server.request('POST', '/api/Account/RefreshToken', {
      body: { refresh_token: user.refreshToken },
    });
    expect(oldRefresh.status).toBe(401);
    const newRefresh = await server.request('POST', '/api/Account/RefreshToken', {
      body: { refresh_token: ok.body.refresh_token },
    });
    expect(newRefresh.status).toBe(200);
    expect((await login('changer@example.com', 'my next password')).status).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const res = await server.request('POST', '/api/User/ChangePassword', {
      body: { currentPassword: GOOD_PASSWORD, newPassword: 'whatever it is' },
    });
    expect(res.status).toBe(401);
  });
});
