import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../http/rate-limit.ts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import {
  GOOD_PASSWORD,
  loginLinkTokenOf,
  mailsTo,
  signUpVerified,
  waitForMail,
  waitForMails,
} from './accounts.test-support.ts';

/* docs/product.md#log-in-with-a-link, docs/reliability.md#a12 */

let now = new Date('2026-05-01T09:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now, limiter: createMemoryRateLimiter() });
});
afterAll(async () => {
  await server?.close();
});

const address = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
let ip = 0;
/** Each call from its own address, so the per-IP limits are not what a test meets by accident. */
const send = (emailAddress: string, remoteAddress = `198.51.100.${(ip++ % 250) + 1}`) =>
  server.app.inject({
    method: 'POST',
    url: '/api/User/SendLoginLink',
    remoteAddress,
    payload: { emailAddress },
  });
const loginWithLink = (token: string) =>
  server.request('POST', '/api/User/LoginWithLink', { body: { token } });
const SENT = {
  message: 'If an account exists for this email, we have sent a login link. It works once, for 15 minutes.',
};

describe('POST /api/User/SendLoginLink', () => {
  it('A12: answers a known and an unknown address alike; only the known one gets a mail', async () => {
    const known = address('link-known');
    await signUpVerified(server, known);
    const unknown = address('link-nobody');
    const a = await send(known);
    const b = await send(unknown);
    expect(a.statusCode).toBe(200);
    expect(JSON.parse(a.body)).toEqual(SENT);
    expect(b.body).toBe(a.body);
    const names = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => k !== 'date')
        .sort();
    expect(names(b.headers)).toEqual(names(a.headers));
    const mail = await waitForMail(server.database.db, known, 'login-link');
    expect(mail.subject).toMatch(/login link/i);
    expect(mail.text).toContain(`${server.config.publicUrl}/login-link?token=`);
    expect(await mailsTo(server.database.db, unknown)).toEqual([]);
  });

  it('A12: refuses a bad address with 400 and error_description', async () => {
    const res = await server.request('POST', '/api/User/SendLoginLink', { body: { emailAddress: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBeTruthy();
  });

  it('A12: is limited like ResendVerification: 3 an hour per address, 10 in 15 minutes per IP', async () => {
    const email = address('link-limit');
    await signUpVerified(server, email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await send(email);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await waitForMails(server.database.db, email, 'login-link', 3)).toHaveLength(3);

    const fromOneIp: number[] = [];
    for (let i = 0; i < 11; i++) fromOneIp.push((await send(address('spray'), '192.0.2.77')).statusCode);
    expect(fromOneIp.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(fromOneIp[10]).toBe(429);
  });
});

describe('POST /api/User/LoginWithLink', () => {
  it('A12: answers as Login does, once; the access token opens AuthInfo', async () => {
    const email = address('link-use');
    await signUpVerified(server, email);
    await send(email);
    const token = loginLinkTokenOf(await waitForMail(server.database.db, email, 'login-link'));
    const first = await loginWithLink(token);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['refresh_token', 'token']);
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: first.body.token });
    expect(info.status).toBe(200);
    expect(info.body.identity.emailAddress).toBe(email);
    expect(
      (
        await server.request('POST', '/api/Account/RefreshToken', {
          body: { refresh_token: first.body.refresh_token },
        })
      ).status,
    ).toBe(200);

    const again = await loginWithLink(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error_description:
        'This login link has expired or was already used. Ask for a new one on the login page.',
      code: 'invalid_token',
    });
  });

  it('A12: the same link used twice at once logs in once', async () => {
    const email = address('link-race');
    await signUpVerified(server, email);
    await send(email);
    const token = loginLinkTokenOf(await waitForMail(server.database.db, email, 'login-link'));
    const answers = await Promise.all([loginWithLink(token), loginWithLink(token), loginWithLink(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  it('A12: works for 15 minutes and not after', async () => {
    const email = address('link-expiry');
    await signUpVerified(server, email);
    const start = now;
    try {
      await send(email);
      const [early] = await waitForMails(server.database.db, email, 'login-link', 1);
      now = new Date(start.getTime() + 14 * 60_000);
      expect((await loginWithLink(loginLinkTokenOf(early!))).status).toBe(200);

      now = start;
      await send(email);
      const mails = await waitForMails(server.database.db, email, 'login-link', 2);
      now = new Date(start.getTime() + 15 * 60_000 + 1000);
      const late = await loginWithLink(loginLinkTokenOf(mails[1]!));
      expect(late.status).toBe(400);
      expect(late.body.code).toBe('invalid_token');
    } finally {
      now = start;
    }
  });

  it('A12: a made-up or empty token is a 400 with error_description; only a hash is stored', async () => {
    const madeUp = await loginWithLink('x'.repeat(43));
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.error_description).toMatch(/login link/);
    expect((await loginWithLink('')).status).toBe(400);
    const email = address('link-hash');
    await signUpVerified(server, email);
    await send(email);
    const token = loginLinkTokenOf(await waitForMail(server.database.db, email, 'login-link'));
    const rows = await server.database.db.execute(sql`SELECT * FROM one_time_tokens WHERE purpose = 'login'`);
    expect(JSON.stringify(rows.rows)).not.toContain(token);
  });

  it('A12: using the link verifies the address it was sent to', async () => {
    const email = address('link-verifies');
    const registered = await server.request('POST', '/api/User/Register', {
      body: { emailAddress: email, password: GOOD_PASSWORD, isAgeConfirmed: true },
    });
    expect(registered.status).toBe(200);
    const before = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: email, password: GOOD_PASSWORD },
    });
    expect(before.body.code).toBe('email_not_verified');
    await send(email);
    const token = loginLinkTokenOf(await waitForMail(server.database.db, email, 'login-link'));
    expect((await loginWithLink(token)).status).toBe(200);
    const after = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: email, password: GOOD_PASSWORD },
    });
    expect(after.status).toBe(200);
  });

  it('A12: a link sent to one account never opens another', async () => {
    const a = address('link-a');
    const b = address('link-b');
    await signUpVerified(server, a);
    await signUpVerified(server, b);
    await send(a);
    const token = loginLinkTokenOf(await waitForMail(server.database.db, a, 'login-link'));
    const res = await loginWithLink(token);
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: res.body.token });
    expect(info.body.identity.emailAddress).toBe(a);
  });
});
