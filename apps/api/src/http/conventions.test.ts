import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  loginLinkTokenOf,
  relaxedLimiter,
  signUpVerified,
  waitForMail,
} from '../modules/accounts/accounts.test-support.ts';
import { startTestServer, type TestServer } from '../test/helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/health', () => {
  it('answers ok once the database is migrated', async () => {
    const res = await server.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('matches paths case-insensitively', async () => {
    const res = await server.request('GET', '/API/HeAlTh');
    // Fastify lowercases only the route match; /API is not under /api, so only the rest is tested here.
    const res2 = await server.request('GET', '/api/HEALTH');
    expect(res2.status).toBe(200);
    expect([200, 404]).toContain(res.status);
  });
});

describe('F5 security headers', () => {
  it('sends CSP, HSTS, nosniff, referrer policy, COOP and no version header', async () => {
    const res = await server.request('GET', '/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('errors', () => {
  it('answers an unknown API path with 404 in the error format', async () => {
    const res = await server.request('GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error_description: 'Not found.', code: 'not_found' });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await server.request('DELETE', '/api/health');
    expect(res.status).toBe(405);
    expect(res.body.code).toBe('method_not_allowed');
    expect(res.headers.get('allow')).toContain('GET');
  });

  it('refuses a password in the query string', async () => {
    const res = await server.request('POST', '/api/health?password=hunter2', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error_description: 'Send credentials in the request body.',
      code: 'credentials_in_query',
    });
  });
});

describe('A11 CSRF on cookie-carrying requests (signed double submit)', () => {
  it('issues a signed XSRF-TOKEN cookie on GET', async () => {
    const res = await server.request('GET', '/api/no-such');
    expect(res.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[\w-]+\.[\w-]+; Path=\/; SameSite=Strict/);
  });

  it('A11 refuses a non-GET that carries the cookie without the matching header', async () => {
    const got = await server.request('GET', '/api/no-such');
    const cookie = got.headers.get('set-cookie')!.split(';')[0]!;
    const token = cookie.split('=')[1]!;
    const missing = await server.request('POST', '/api/no-such', { body: {}, headers: { cookie } });
    expect(missing.status).toBe(403);
    const wrong = await server.request('POST', '/api/no-such', {
      body: {},
      headers: { cookie, 'x-xsrf-token': 'x.y' },
    });
    expect(wrong.status).toBe(403);
    const tossed = await server.request('POST', '/api/no-such', {
      body: {},
      headers: { cookie: 'XSRF-TOKEN=forged.value', 'x-xsrf-token': 'forged.value' },
    });
    expect(tossed.status).toBe(403);
    // Another session's valid token as the header, and a valid cookie of another session tossed
    // over this one's: both are refused, the header must be this cookie's own token.
    const other = await server.request('GET', '/api/no-such');
    const otherCookie = other.headers.get('set-cookie')!.split(';')[0]!;
    const otherToken = otherCookie.split('=')[1]!;
    expect(otherToken).not.toBe(token);
    const otherSession = await server.request('POST', '/api/no-such', {
      body: {},
      headers: { cookie, 'x-xsrf-token': otherToken },
    });
    expect(otherSession.status).toBe(403);
    const tossedValid = await server.request('POST', '/api/no-such', {
      body: {},
      headers: { cookie: otherCookie, 'x-xsrf-token': token },
    });
    expect(tossedValid.status).toBe(403);
    const crossSiteWithToken = await server.request('POST', '/api/no-such', {
      body: {},
      headers: { cookie, 'x-xsrf-token': token, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSiteWithToken.status).toBe(403);
    const ok = await server.request('POST', '/api/no-such', {
      body: {},
      headers: { cookie, 'x-xsrf-token': token },
    });
    expect(ok.status).toBe(404);
    // A real cookie-checked route answers 200 same-site with the valid token.
    const logout = await server.request('POST', '/api/Account/Logout', {
      body: { refresh_token: 'never-issued' },
      headers: { cookie, 'x-xsrf-token': token, 'sec-fetch-site': 'same-origin' },
    });
    expect(logout.status).toBe(200);
  });

  it('A11 lets bearer-only clients without the cookie through, but not cross-site ones', async () => {
    const plain = await server.request('POST', '/api/no-such', { body: {} });
    expect(plain.status).toBe(404);
    const cross = await server.request('POST', '/api/no-such', {
      body: {},
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
  });
});

/** The XSRF cookie an answer sets, as `name=value`, and its value. */
function xsrfOf(res: { headers: Headers }): { cookie: string; token: string } | undefined {
  const set = res.headers.get('set-cookie');
  if (!set?.startsWith('XSRF-TOKEN=')) return undefined;
  const cookie = set.split(';')[0]!;
  return { cookie, token: cookie.slice('XSRF-TOKEN='.length) };
}

describe('A11 the hooks judge the routed path, not its spelling', () => {
  it('A11: /API/Identity/Save, /Api/… and /%61pi/… get the XSRF check and no-store like /api/…', async () => {
    const user = await signUpVerified(server, 'xsrf-case@example.com');
    const got = await server.request('GET', '/api/Account/AuthInfo', { token: user.token });
    const { cookie } = xsrfOf(got)!;
    for (const path of [
      '/api/Identity/Save',
      '/API/Identity/Save',
      '/Api/identity/save',
      '/%61pi/Identity/Save',
    ]) {
      // The cookie without its header: refused whatever the spelling, and nothing is saved.
      const res = await server.request('POST', path, {
        token: user.token,
        body: { firstName: 'Mallory' },
        headers: { cookie },
      });
      expect(res.status, path).toBe(403);
      const crossSite = await server.request('POST', path, {
        token: user.token,
        body: { firstName: 'Mallory' },
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status, path).toBe(403);
    }
    const info = await server.request('GET', '/API/Account/AuthInfo', { token: user.token });
    expect(info.status).toBe(200);
    expect(info.body.identity.firstName).not.toBe('Mallory');
    expect(info.headers.get('cache-control')).toBe('no-store');
    expect(
      (await server.request('GET', '/%61pi/Account/AuthInfo', { token: user.token })).headers.get(
        'cache-control',
      ),
    ).toBe('no-store');
  });
});

describe('A11 the XSRF token is bound to its session', () => {
  it("A11: one session's cookie and header are refused with another session's bearer token", async () => {
    const a = await signUpVerified(server, 'xsrf-bound-a@example.com');
    const b = await signUpVerified(server, 'xsrf-bound-b@example.com');
    const ofA = xsrfOf(await server.request('GET', '/api/Account/AuthInfo', { token: a.token }))!;
    const save = (token: string, xsrf: { cookie: string; token: string }) =>
      server.request('POST', '/api/Identity/Save', {
        token,
        body: { firstName: 'Changed' },
        headers: { cookie: xsrf.cookie, 'x-xsrf-token': xsrf.token },
      });
    expect((await save(b.token, ofA)).status).toBe(403);
    expect((await save(a.token, ofA)).status).toBe(200);
    // A visitor's cookie (from a page load) does not pass with a session's bearer either…
    const visitor = xsrfOf(await server.request('GET', '/api/no-such'))!;
    expect((await save(a.token, visitor)).status).toBe(403);
    // …and a read with that bearer hands out the session's own cookie, which then passes.
    const reissued = xsrfOf(
      await server.request('GET', '/api/Account/AuthInfo', {
        token: a.token,
        headers: { cookie: visitor.cookie },
      }),
    )!;
    expect(reissued.token).not.toBe(visitor.token);
    expect((await save(a.token, reissued)).status).toBe(200);
    // A page load without a bearer keeps the session's cookie (no new one).
    const page = await server.request('GET', '/api/no-such', { headers: { cookie: reissued.cookie } });
    expect(xsrfOf(page)).toBeUndefined();
  });

  it('A11: Login, RefreshToken, LoginWithLink and Logout each set the new XSRF cookie, and a post right after passes', async () => {
    await signUpVerified(server, 'xsrf-flow@example.com');
    const visitor = xsrfOf(await server.request('GET', '/api/no-such'))!;
    const withXsrf = (xsrf: { cookie: string; token: string }) => ({
      cookie: xsrf.cookie,
      'x-xsrf-token': xsrf.token,
    });

    const login = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: 'xsrf-flow@example.com', password: GOOD_PASSWORD },
      headers: withXsrf(visitor),
    });
    expect(login.status).toBe(200);
    const afterLogin = xsrfOf(login)!;
    expect(afterLogin).toBeDefined();
    const save = (token: string, xsrf: { cookie: string; token: string }) =>
      server.request('POST', '/api/Identity/Save', {
        token,
        body: { lastName: 'Next' },
        headers: withXsrf(xsrf),
      });
    expect((await save(login.body.token, afterLogin)).status).toBe(200);

    const refreshed = await server.request('POST', '/api/Account/RefreshToken', {
      token: login.body.token,
      body: { refresh_token: login.body.refresh_token },
      headers: withXsrf(afterLogin),
    });
    expect(refreshed.status).toBe(200);
    const afterRefresh = xsrfOf(refreshed)!;
    expect(afterRefresh).toBeDefined();
    expect((await save(refreshed.body.token, afterRefresh)).status).toBe(200);

    await server.request('POST', '/api/User/SendLoginLink', {
      body: { emailAddress: 'xsrf-flow@example.com' },
      headers: withXsrf(afterRefresh),
      token: refreshed.body.token,
    });
    const linkToken = loginLinkTokenOf(
      await waitForMail(server.database.db, 'xsrf-flow@example.com', 'login-link'),
    );
    const viaLink = await server.request('POST', '/api/User/LoginWithLink', {
      body: { token: linkToken },
      headers: withXsrf(afterRefresh),
      token: refreshed.body.token,
    });
    expect(viaLink.status).toBe(200);
    const afterLink = xsrfOf(viaLink)!;
    expect(afterLink).toBeDefined();
    // The earlier session's cookie does not pass for the new session; the new one does.
    expect((await save(viaLink.body.token, afterRefresh)).status).toBe(403);
    expect((await save(viaLink.body.token, afterLink)).status).toBe(200);

    const out = await server.request('POST', '/api/Account/Logout', {
      token: viaLink.body.token,
      body: { refresh_token: viaLink.body.refresh_token },
      headers: withXsrf(afterLink),
    });
    expect(out.status).toBe(200);
    const afterLogout = xsrfOf(out)!;
    expect(afterLogout).toBeDefined();
    // Signed out, the visitor logs in again right away with that cookie.
    const again = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: 'xsrf-flow@example.com', password: GOOD_PASSWORD },
      headers: withXsrf(afterLogout),
    });
    expect(again.status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the route schemas at /api/docs', async () => {
    const res = await server.request('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });
});
