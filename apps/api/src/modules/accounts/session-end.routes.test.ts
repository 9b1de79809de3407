import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config/env.ts';
import { httpRequest, startTestServer, type TestServer } from '../../test/helpers.ts';
import {
  GOOD_PASSWORD,
  relaxedLimiter,
  resetTokenOf,
  signUpVerified,
  waitForMail,
} from './accounts.test-support.ts';

let now = new Date('2026-03-01T10:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now, limiter: relaxedLimiter() });
});
afterAll(async () => {
  await server?.close();
});

const authInfo = (token: string, s: TestServer = server) =>
  s.request('GET', '/api/Account/AuthInfo', { token });
const refresh = (token: string) =>
  server.request('POST', '/api/Account/RefreshToken', { body: { refresh_token: token } });
const login = (emailAddress: string, password: string) =>
  server.request('POST', '/api/User/Login', { body: { emailAddress, password } });

describe('sessions end when the member ends them, not when the access token expires', () => {
  it('A10: after a logout the access token of that session is refused at once; other sessions live on', async () => {
    const user = await signUpVerified(server, 'end-logout@example.com');
    const other = await login('end-logout@example.com', GOOD_PASSWORD);
    expect((await authInfo(user.token)).status).toBe(200);

    const out = await server.request('POST', '/api/Account/Logout', {
      body: { refresh_token: user.refreshToken },
    });
    expect(out.status).toBe(200);
    const refused = await authInfo(user.token);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('unauthorized');
    expect((await authInfo(other.body.token)).status).toBe(200);
  });

  it('A3: a password change refuses the access tokens of every earlier session; the new pair works', async () => {
    const user = await signUpVerified(server, 'end-change@example.com');
    const laptop = await login('end-change@example.com', GOOD_PASSWORD);
    const changed = await server.request('POST', '/api/User/ChangePassword', {
      token: user.token,
      body: { currentPassword: GOOD_PASSWORD, newPassword: 'a fresh password here' },
    });
    expect(changed.status).toBe(200);
    expect((await authInfo(user.token)).status).toBe(401);
    expect((await authInfo(laptop.body.token)).status).toBe(401);
    expect((await authInfo(changed.body.token)).status).toBe(200);
  });

  it('A6: a password reset refuses the access tokens of every session', async () => {
    const user = await signUpVerified(server, 'end-reset@example.com');
    await server.request('POST', '/api/User/ForgotPassword?email=end-reset%40example.com');
    const token = resetTokenOf(
      await waitForMail(server.database.db, 'end-reset@example.com', 'reset-password'),
    );
    const done = await server.request('POST', '/api/User/ResetPassword', {
      body: { token, email: 'end-reset@example.com', password: 'another fresh password' },
    });
    expect(done.status).toBe(200);
    expect((await authInfo(user.token)).status).toBe(401);
    const fresh = await login('end-reset@example.com', 'another fresh password');
    expect((await authInfo(fresh.body.token)).status).toBe(200);
  });

  it('A8: a refresh token reused after the grace window ends the session, access tokens included', async () => {
    const user = await signUpVerified(server, 'end-reuse@example.com');
    const rotated = await refresh(user.refreshToken);
    expect(rotated.status).toBe(200);
    expect((await authInfo(rotated.body.token)).status).toBe(200);
    now = new Date(now.getTime() + 21_000);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await authInfo(rotated.body.token)).status).toBe(401);
    expect((await authInfo(user.token)).status).toBe(401);
  });

  it('A9: two tabs refreshing with the same token at the same moment both stay signed in', async () => {
    const user = await signUpVerified(server, 'end-tabs@example.com');
    const [tabA, tabB] = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(tabA.status).toBe(200);
    expect(tabB.status).toBe(200);
    expect((await authInfo(tabA.body.token)).status).toBe(200);
    expect((await authInfo(tabB.body.token)).status).toBe(200);
    // Each tab goes on refreshing with its own new token.
    expect((await refresh(tabA.body.refresh_token)).status).toBe(200);
    expect((await refresh(tabB.body.refresh_token)).status).toBe(200);
  });

  it('accepts the bearer scheme in any case', async () => {
    const user = await signUpVerified(server, 'end-case@example.com');
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await server.request('GET', '/api/Account/AuthInfo', {
        headers: { authorization: `${scheme} ${user.token}` },
      });
      expect(res.status).toBe(200);
    }
  });
});

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await (async () => {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();

describe.skipIf(!redisUp)(
  'two processes on one database and one Redis (skipped: no Redis at REDIS_URL)',
  () => {
    let a: TestServer;
    let b: FastifyInstance;
    let bUrl: string;
    beforeAll(async () => {
      a = await startTestServer({ redisUrl }, { clock: () => now, limiter: relaxedLimiter() });
      b = await buildApp({
        config: testConfig({ redisUrl }),
        db: a.database.db,
        clock: () => now,
        limiter: relaxedLimiter(),
      });
      await b.listen({ port: 0, host: '127.0.0.1' });
      bUrl = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('A10: a logout on one process makes the other refuse the access token too', async () => {
      const user = await signUpVerified(a, 'end-shared@example.com');
      const onB = () => httpRequest(bUrl, 'GET', '/api/Account/AuthInfo', { token: user.token });
      expect((await onB()).status).toBe(200);
      await a.request('POST', '/api/Account/Logout', { body: { refresh_token: user.refreshToken } });
      expect((await authInfo(user.token, a)).status).toBe(401);
      // b trusts its last "still signed in" answer for a second, then asks Redis again.
      let res = await onB();
      for (let i = 0; i < 20 && res.status !== 401; i++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        res = await onB();
      }
      expect(res.status).toBe(401);
    });
  },
);
