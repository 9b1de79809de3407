import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { relaxedLimiter, resetTokenOf, verificationLinkOf, waitForMail } from './accounts.test-support.ts';

/** Values that must never reach a log line. */
const SENTINEL_PASSWORD = 'Sentinel-Secret-Passw0rd-4711';
const SENTINEL_NEW_PASSWORD = 'Sentinel-New-Secret-0815';
const logLines: string[] = [];
let server: TestServer;

let clockOffsetMs = 0;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer(
    { logLevel: 'info' },
    { limiter: relaxedLimiter(), logStream, clock: () => new Date(Date.now() + clockOffsetMs) },
  );
});
afterAll(async () => {
  await server?.close();
});

const CREDENTIALS_IN_QUERY = {
  error_description: 'Send credentials in the request body.',
  code: 'credentials_in_query',
};

async function count(table: string, where = 'true'): Promise<number> {
  const result = await server.database.db.execute<{ n: number }>(
    sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`),
  );
  return result.rows[0]!.n;
}

async function verifiedUser(email: string) {
  await server.request('POST', '/api/User/Register', {
    body: { emailAddress: email, password: SENTINEL_PASSWORD, isAgeConfirmed: true },
  });
  const link = verificationLinkOf(await waitForMail(server.database.db, email, 'verify-email'));
  await server.request('POST', `/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`);
  return link.userId;
}

describe('A1 no credentials in URLs', () => {
  it('refuses POST /User/Login?username&password as the spec wrote it, issuing no session; the body form works', async () => {
    await verifiedUser('a1-login@example.com');
    const sessions = await count('refresh_tokens');
    const query = await server.request(
      'POST',
      `/api/User/Login?username=a1-login@example.com&password=${SENTINEL_PASSWORD}`,
      {
        headers: { 'content-type': 'application/json' },
        rawBody: { contentType: 'application/json', data: '{}' },
      },
    );
    expect(query.status).toBe(400);
    expect(query.body).toEqual(CREDENTIALS_IN_QUERY);
    expect(await count('refresh_tokens')).toBe(sessions);

    const body = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: 'a1-login@example.com', password: SENTINEL_PASSWORD },
    });
    expect(body.status).toBe(200);
  });

  it('refuses a password in the query of /User/Register and creates no account', async () => {
    const res = await server.request('POST', `/api/User/Register?password=${SENTINEL_PASSWORD}`, {
      body: { emailAddress: 'a1-register@example.com', password: SENTINEL_PASSWORD, isAgeConfirmed: true },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(CREDENTIALS_IN_QUERY);
    expect(await count('identities', "email = 'a1-register@example.com'")).toBe(0);
  });

  it('refuses /User/ChangePassword?currentPassword&newPassword and keeps the password', async () => {
    await verifiedUser('a1-change@example.com');
    const login = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: 'a1-change@example.com', password: SENTINEL_PASSWORD },
    });
    const res = await server.request(
      'POST',
      `/api/User/ChangePassword?currentPassword=${SENTINEL_PASSWORD}&newPassword=${SENTINEL_NEW_PASSWORD}`,
      {
        token: login.body.token,
        body: { currentPassword: SENTINEL_PASSWORD, newPassword: SENTINEL_NEW_PASSWORD },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(CREDENTIALS_IN_QUERY);
    const still = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: 'a1-change@example.com', password: SENTINEL_PASSWORD },
    });
    expect(still.status).toBe(200);
  });

  it('refuses /User/ResetPassword?token&email&password; the link stays usable with a JSON body', async () => {
    await verifiedUser('a1-reset@example.com');
    await server.request('POST', '/api/User/ForgotPassword', { body: { email: 'a1-reset@example.com' } });
    const token = resetTokenOf(
      await waitForMail(server.database.db, 'a1-reset@example.com', 'reset-password'),
    );
    const query = await server.request(
      'POST',
      `/api/User/ResetPassword?token=${token}&email=a1-reset@example.com&password=${SENTINEL_NEW_PASSWORD}`,
    );
    expect(query.status).toBe(400);
    expect(query.body).toEqual(CREDENTIALS_IN_QUERY);
    expect(await count('one_time_tokens', "purpose = 'reset' AND used_at IS NULL")).toBeGreaterThan(0);

    const body = await server.request('POST', '/api/User/ResetPassword', {
      body: { token, email: 'a1-reset@example.com', password: SENTINEL_NEW_PASSWORD },
    });
    expect(body.status).toBe(200);
  });
});

describe('F6 secrets never reach logs', () => {
  it('a register, verify, login, refresh, reset, change and unsubscribe run logs no password, token, code or cookie', async () => {
    const from = logLines.length;
    const secrets: string[] = [SENTINEL_PASSWORD, SENTINEL_NEW_PASSWORD];

    // A browser session: the XSRF cookie travels on every call and is echoed in the header.
    const first = await server.request('GET', '/api/health');
    const cookieValue = (first.headers.get('set-cookie') ??
      (await server.request('GET', '/api/none')).headers.get('set-cookie'))!
      .split(';')[0]!
      .split('=')[1]!;
    secrets.push(cookieValue);
    const browser = { cookie: `XSRF-TOKEN=${cookieValue}`, 'x-xsrf-token': cookieValue };
    // As a browser does: an answer that starts or changes a session sets the next cookie (A11).
    const adopt = (res: { headers: Headers }) => {
      const set = res.headers.get('set-cookie');
      if (!set?.startsWith('XSRF-TOKEN=')) return;
      const value = set.split(';')[0]!.split('=')[1]!;
      secrets.push(value);
      browser.cookie = `XSRF-TOKEN=${value}`;
      browser['x-xsrf-token'] = value;
    };

    await server.request('POST', '/api/User/Register', {
      headers: browser,
      body: {
        emailAddress: 'f6@example.com',
        password: SENTINEL_PASSWORD,
        isAgeConfirmed: true,
        isEmailSubscribed: true,
      },
    });
    const link = verificationLinkOf(await waitForMail(server.database.db, 'f6@example.com', 'verify-email'));
    secrets.push(link.code);
    expect(
      (
        await server.request('POST', `/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`, {
          headers: browser,
        })
      ).status,
    ).toBe(200);

    const login = await server.request('POST', '/api/User/Login', {
      headers: browser,
      body: { emailAddress: 'f6@example.com', password: SENTINEL_PASSWORD },
    });
    expect(login.status).toBe(200);
    adopt(login);
    secrets.push(login.body.token, login.body.refresh_token);
    // A wrong password is logged as an attempt, without the password.
    await server.request('POST', '/api/User/Login', {
      headers: browser,
      body: { emailAddress: 'f6@example.com', password: `${SENTINEL_PASSWORD}-wrong` },
    });

    const refreshed = await server.request('POST', '/api/Account/RefreshToken', {
      headers: { ...browser, authorization: `Bearer ${login.body.token}` },
      body: { refresh_token: login.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    adopt(refreshed);
    secrets.push(refreshed.body.token, refreshed.body.refresh_token);
    // Reuse of the rotated token past the two-tabs grace window: a security event, without the token.
    clockOffsetMs = 21_000;
    await server.request('POST', '/api/Account/RefreshToken', {
      headers: browser,
      body: { refresh_token: login.body.refresh_token },
    });

    await server.request('GET', '/api/Account/AuthInfo', { headers: browser, token: refreshed.body.token });
    await server.request('POST', '/api/User/ForgotPassword?email=f6@example.com', { headers: browser });
    const resetToken = resetTokenOf(
      await waitForMail(server.database.db, 'f6@example.com', 'reset-password'),
    );
    secrets.push(resetToken);
    expect(
      (
        await server.request('POST', '/api/User/ResetPassword', {
          headers: browser,
          body: { token: resetToken, email: 'f6@example.com', password: SENTINEL_NEW_PASSWORD },
        })
      ).status,
    ).toBe(200);
    const again = await server.request('POST', '/api/User/Login', {
      headers: browser,
      body: { emailAddress: 'f6@example.com', password: SENTINEL_NEW_PASSWORD },
    });
    adopt(again);
    secrets.push(again.body.token, again.body.refresh_token);
    await server.request('POST', '/api/User/ChangePassword', {
      headers: browser,
      token: again.body.token,
      body: { currentPassword: SENTINEL_NEW_PASSWORD, newPassword: `${SENTINEL_PASSWORD}-3` },
    });

    const welcome = await waitForMail(server.database.db, 'f6@example.com', 'welcome');
    const unsubscribeToken = /\/unsubscribe\/([\w.-]+)/.exec(welcome.text)![1]!;
    secrets.push(unsubscribeToken);
    expect(
      (await server.request('POST', `/api/User/Unsubscribe?token=${unsubscribeToken}`, { headers: browser }))
        .status,
    ).toBe(200);

    const log = logLines.slice(from).join('\n');
    expect(log).toContain('"event":"login_attempt"');
    expect(log).toContain('refresh_token_reuse');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/Bearer /i);
    expect(log).not.toMatch(/"authorization"|"cookie"/i);
    for (const line of logLines.slice(from)) {
      const entry = JSON.parse(line);
      expect(typeof entry.time).toBe('number');
      if (entry.msg === 'login' || entry.msg === 'request') expect(entry.reqId).toBeTruthy();
    }
  });
});
