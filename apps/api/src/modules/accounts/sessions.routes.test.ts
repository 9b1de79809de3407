import { Writable } from 'node:stream';
import argon2 from 'argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../http/rate-limit.ts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { GOOD_PASSWORD, signUpVerified } from './accounts.test-support.ts';

const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2026-03-01T10:00:00Z');
let limiterNow = now.getTime();
const logLines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer(
    { logLevel: 'info' },
    { clock: () => now, limiter: createMemoryRateLimiter(() => limiterNow), logStream },
  );
});
afterAll(async () => {
  await server?.close();
});

const login = (emailAddress: string, password: string) =>
  server.request('POST', '/api/User/Login', { body: { emailAddress, password } });
const refresh = (token: string) =>
  server.request('POST', '/api/Account/RefreshToken', { body: { refresh_token: token } });

describe('POST /api/User/Login', () => {
  it('answers a token pair for a verified account; the access token opens AuthInfo', async () => {
    const user = await signUpVerified(server, 'login-ok@example.com');
    expect(user.token.split('.')).toHaveLength(3);
    expect(user.refreshToken).toMatch(/^[\w-]{43}$/);
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: user.token });
    expect(info.status).toBe(200);
    expect(info.body.identity.emailAddress).toBe('login-ok@example.com');
  });

  it('A5 answers an unknown email and a wrong password with the same 400 body and headers', async () => {
    await signUpVerified(server, 'login-known@example.com');
    const wrong = await login('login-known@example.com', 'not the password');
    const unknown = await login('login-nobody@example.com', 'not the password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error_description: 'The email or password is incorrect.',
      code: 'invalid_credentials',
    });
    expect(unknown.text).toBe(wrong.text);
    const names = (h: Headers) => [...h.keys()].filter((k) => k !== 'date').sort();
    expect(names(unknown.headers)).toEqual(names(wrong.headers));
  });

  it('refuses an unverified account with its own message, only once the password is right', async () => {
    await server.request('POST', '/api/User/Register', {
      body: { emailAddress: 'login-unverified@example.com', password: GOOD_PASSWORD, isAgeConfirmed: true },
    });
    const right = await login('login-unverified@example.com', GOOD_PASSWORD);
    expect(right.status).toBe(400);
    expect(right.body).toEqual({
      error_description: 'Please verify your email address before logging in.',
      code: 'email_not_verified',
    });
    const wrong = await login('login-unverified@example.com', 'wrong password here');
    expect(wrong.body.code).toBe('invalid_credentials');
  });

  it('A2 upgrades a hash made with older argon2 settings at login', async () => {
    const user = await signUpVerified(server, 'login-rehash@example.com');
    const weak = await argon2.hash(GOOD_PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await server.database.db.execute(
      sql`UPDATE identities SET password_hash = ${weak} WHERE id = ${user.identityId}`,
    );
    expect((await login('login-rehash@example.com', GOOD_PASSWORD)).status).toBe(200);
    const row = await server.database.db.execute<{ password_hash: string }>(
      sql`SELECT password_hash FROM identities WHERE id = ${user.identityId}`,
    );
    expect(row.rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login('login-rehash@example.com', GOOD_PASSWORD)).status).toBe(200);
  });

  it('A4 slows a guesser per account and address, limits one IP across accounts, never locks the owner out, logging every attempt', async () => {
    await signUpVerified(server, 'victim@example.com');
    const before = logLines.length;
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 30; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        remoteAddress: `198.51.100.${i + 1}`,
        payload: { emailAddress: 'victim@example.com', password: `guess number ${i}` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = res.headers['retry-after'] as string;
    }
    // Every guess came from another address: each is slow for the guesser, none locks the account.
    expect(statuses.every((s) => s === 400)).toBe(true);
    const fromOneGuesser: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        remoteAddress: '198.51.100.200',
        payload: { emailAddress: 'victim@example.com', password: `guess again ${i}` },
      });
      fromOneGuesser.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = res.headers['retry-after'] as string;
    }
    expect(fromOneGuesser.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(fromOneGuesser.slice(10).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // The owner, from their own address, is not refused.
    const owner = await server.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      remoteAddress: '203.0.113.7',
      payload: { emailAddress: 'victim@example.com', password: GOOD_PASSWORD },
    });
    expect(owner.statusCode).toBe(200);

    const fromOneIp: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        remoteAddress: '192.0.2.99',
        payload: { emailAddress: `spray${i}@example.com`, password: 'Summer2026!' },
      });
      fromOneIp.push(res.statusCode);
    }
    expect(fromOneIp.slice(0, 50).every((s) => s === 400)).toBe(true);
    expect(fromOneIp.slice(50).every((s) => s === 429)).toBe(true);

    const attempts = logLines.slice(before).filter((l) => l.includes('"event":"login_attempt"'));
    expect(attempts.length).toBe(30 + 12 + 1 + 200);
    expect(attempts.join('\n')).not.toContain('victim@example.com');
    expect(attempts.join('\n')).not.toContain('guess number');

    limiterNow += 16 * 60 * 1000;
    const after = await server.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      remoteAddress: '203.0.113.7',
      payload: { emailAddress: 'victim@example.com', password: GOOD_PASSWORD },
    });
    expect(after.statusCode).toBe(200);
  });
});

describe('POST /api/Account/RefreshToken', () => {
  it('A8 rotates: a new pair, the old token then fails and revokes the family, and a security event is logged', async () => {
    const user = await signUpVerified(server, 'rotate@example.com');
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(user.refreshToken);
    expect(first.body.token).toBeTruthy();

    // Past the two-tabs grace window, a rotated token coming back is reuse.
    now = new Date(now.getTime() + 21_000);
    const before = logLines.length;
    const reused = await refresh(user.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('unauthorized');
    // The newest token of the family is dead too.
    expect((await refresh(first.body.refresh_token)).status).toBe(401);
    const event = logLines.slice(before).find((l) => l.includes('refresh_token_reuse'));
    expect(event).toBeDefined();
    expect(event).not.toContain(user.refreshToken);
    expect(JSON.parse(event!).reqId).toBeTruthy();

    // Another sign-in is a new family and works.
    const again = await login('rotate@example.com', GOOD_PASSWORD);
    expect((await refresh(again.body.refresh_token)).status).toBe(200);
  });

  it('A8 ends a family 30 days after the sign-in however often it is refreshed', async () => {
    const user = await signUpVerified(server, 'absolute@example.com');
    const start = now;
    let token = user.refreshToken;
    try {
      for (let day = 5; day <= 29; day += 6) {
        now = new Date(start.getTime() + day * DAY);
        const res = await refresh(token);
        expect(res.status).toBe(200);
        token = res.body.refresh_token;
      }
      now = new Date(start.getTime() + 30 * DAY + 1000);
      expect((await refresh(token)).status).toBe(401);
    } finally {
      now = start;
    }
  });

  it('A9 five parallel refreshes of one token (tabs at the same moment): no 5xx, nobody logged out, one family', async () => {
    const user = await signUpVerified(server, 'race@example.com');
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(user.refreshToken)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) {
      const info = await server.request('GET', '/api/Account/AuthInfo', { token: answer.body.token });
      expect(info.status).toBe(200);
      expect((await refresh(answer.body.refresh_token)).status).toBe(200);
    }
    const families = await server.database.db.execute<{ n: number }>(sql`
      SELECT count(DISTINCT family_id)::int AS n FROM refresh_tokens WHERE identity_id = ${user.identityId}`);
    expect(families.rows[0]!.n).toBe(1);
  });

  it('A9: five parallel refreshes of one token answer one successor pair, leave one live pair, and log the replays', async () => {
    const user = await signUpVerified(server, 'race-one-pair@example.com');
    const before = logLines.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(user.refreshToken)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.refresh_token)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.token)).size).toBe(1);
    const live = await server.database.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM refresh_tokens
      WHERE identity_id = ${user.identityId} AND used_at IS NULL AND revoked_at IS NULL`);
    expect(live.rows[0]!.n).toBe(1);
    const replays = logLines.slice(before).filter((l) => l.includes('"event":"refresh_token_replay"'));
    expect(replays).toHaveLength(4);
    expect(replays.join('\n')).not.toContain(user.refreshToken);
    // Within the window a late tab still gets that pair; after it, the old token is reuse.
    expect((await refresh(user.refreshToken)).body.refresh_token).toBe(answers[0]!.body.refresh_token);
    now = new Date(now.getTime() + 21_000);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh(answers[0]!.body.refresh_token)).status).toBe(401);
  });

  it('A7 refuses a refresh token as an access token and an access token as a refresh token', async () => {
    const user = await signUpVerified(server, 'swap@example.com');
    expect((await server.request('GET', '/api/Account/AuthInfo', { token: user.refreshToken })).status).toBe(
      401,
    );
    // A JWT is longer than any refresh token: refused by the schema or as unknown, never a new pair.
    expect([400, 401]).toContain((await refresh(user.token)).status);
    expect((await refresh('x')).status).toBe(401);
    expect((await server.request('POST', '/api/Account/RefreshToken', { body: {} })).status).toBe(400);
  });

  it('stores only hashes of refresh tokens', async () => {
    const user = await signUpVerified(server, 'stored@example.com');
    const rows = await server.database.db.execute(
      sql`SELECT * FROM refresh_tokens WHERE identity_id = ${user.identityId}`,
    );
    expect(JSON.stringify(rows.rows)).not.toContain(user.refreshToken);
  });
});

describe('POST /api/Account/Logout', () => {
  it('A10 revokes the family (a later refresh gives 401) and is idempotent', async () => {
    const user = await signUpVerified(server, 'logout@example.com');
    const out = await server.request('POST', '/api/Account/Logout', {
      body: { refresh_token: user.refreshToken },
    });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'You are logged out.' });
    expect((await refresh(user.refreshToken)).status).toBe(401);
    const twice = await server.request('POST', '/api/Account/Logout', {
      body: { refresh_token: user.refreshToken },
    });
    expect(twice.status).toBe(200);
    const unknown = await server.request('POST', '/api/Account/Logout', {
      body: { refresh_token: 'never-issued' },
    });
    expect(unknown.status).toBe(200);
  });
});
