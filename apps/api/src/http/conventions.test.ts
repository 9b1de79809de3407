import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
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

describe('OpenAPI', () => {
  it('serves the document generated from the route schemas at /api/docs', async () => {
    const res = await server.request('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });
});
