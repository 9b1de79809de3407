import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { GOOD_PASSWORD, relaxedLimiter, waitForMail } from './accounts.test-support.ts';

const CLIENT_ID = '1234-test.apps.googleusercontent.com';
let jwks: Server;
let server: TestServer;
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let strangerKeys: Awaited<ReturnType<typeof generateKeyPair>>;

beforeAll(async () => {
  keys = await generateKeyPair('RS256');
  strangerKeys = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  // Google's certificate endpoint, played on loopback.
  jwks = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const { port } = jwks.address() as AddressInfo;
  server = await startTestServer(
    { google: { clientId: CLIENT_ID, jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs` } },
    { limiter: relaxedLimiter() },
  );
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => jwks?.close(resolve));
});

async function idToken(
  claims: JWTPayload,
  options: { key?: CryptoKey; kid?: string; expiresIn?: string } = {},
) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key', typ: 'JWT' })
    .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
    .setAudience((claims.aud as string) ?? CLIENT_ID)
    .setSubject(claims.sub as string)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(options.key ?? keys.privateKey);
}

const googleLogin = (credential: string, query = '') =>
  server.request('POST', `/api/user/GoogleLogin${query}`, { body: { credential } });

async function identityByEmail(email: string) {
  const rows = await server.database.db.execute<Record<string, unknown>>(
    sql`SELECT * FROM identities WHERE email = ${email}`,
  );
  return rows.rows;
}

describe('POST /api/user/GoogleLogin', () => {
  it('creates a verified account without a password for a new Google user and signs them in', async () => {
    const credential = await idToken({
      sub: 'google-sub-new',
      email: 'Gina@Gmail.example',
      given_name: 'Gina',
      family_name: 'Green',
    });
    const res = await googleLogin(credential);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['refresh_token', 'token']);
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: res.body.token });
    expect(info.body.identity).toMatchObject({
      emailAddress: 'gina@gmail.example',
      firstName: 'Gina',
      lastName: 'Green',
    });
    const [row] = await identityByEmail('gina@gmail.example');
    expect(row!.password_hash).toBeNull();
    expect(row!.email_verified_at).not.toBeNull();
    expect(row!.google_sub).toBe('google-sub-new');
    await waitForMail(server.database.db, 'gina@gmail.example', 'welcome');

    // The same Google account signs in to the same identity.
    const again = await googleLogin(await idToken({ sub: 'google-sub-new', email: 'gina@gmail.example' }));
    const info2 = await server.request('GET', '/api/Account/AuthInfo', { token: again.body.token });
    expect(info2.body.identity.id).toBe(info.body.identity.id);
  });

  it('links an existing account by email and marks its address verified', async () => {
    await server.request('POST', '/api/User/Register', {
      body: { emailAddress: 'linked@example.com', password: GOOD_PASSWORD, isAgeConfirmed: true },
    });
    const res = await googleLogin(
      await idToken({ sub: 'google-sub-linked', email: 'linked@example.com' }, {}),
    );
    expect(res.status).toBe(200);
    const rows = await identityByEmail('linked@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.google_sub).toBe('google-sub-linked');
    expect(rows[0]!.email_verified_at).not.toBeNull();
    // The password still works too, now that the address is verified.
    const login = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: 'linked@example.com', password: GOOD_PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it('keeps the referral code of the query', async () => {
    const referrer = await googleLogin(
      await idToken({ sub: 'google-sub-referrer', email: 'referrer-g@example.com' }),
    );
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: referrer.body.token });
    const code = info.body.identity.referralCode;
    await googleLogin(
      await idToken({ sub: 'google-sub-invited', email: 'invited-g@example.com' }),
      `?referralCode=${code}`,
    );
    expect((await identityByEmail('invited-g@example.com'))[0]!.referred_by_code).toBe(code);
  });

  it('refuses a wrong audience, a wrong issuer, an expired token, an unverified email, a foreign key and alg none', async () => {
    const bad = [
      await idToken({ sub: 's1', email: 'bad1@example.com', aud: 'someone-else.apps.googleusercontent.com' }),
      await idToken({ sub: 's2', email: 'bad2@example.com', iss: 'https://evil.example' }),
      await idToken({ sub: 's3', email: 'bad3@example.com' }, { expiresIn: '-1m' }),
      await idToken({ sub: 's4', email: 'bad4@example.com', email_verified: false }),
      await idToken({ sub: 's5', email: 'bad5@example.com' }, { key: strangerKeys.privateKey }),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({
          iss: 'https://accounts.google.com',
          aud: CLIENT_ID,
          sub: 's6',
          email: 'bad6@example.com',
          email_verified: true,
          exp: 9999999999,
        }),
      ).toString('base64url')}.`,
      'not-a-jwt',
    ];
    for (const credential of bad) {
      const res = await googleLogin(credential);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error_description: 'Google sign-in failed. Please try again.',
        code: 'invalid_credentials',
      });
    }
    for (let i = 1; i <= 6; i++) expect(await identityByEmail(`bad${i}@example.com`)).toHaveLength(0);
  });

  it('accepts the issuer without https as Google also writes it', async () => {
    const res = await googleLogin(
      await idToken({ sub: 'google-sub-bare', email: 'bare@example.com', iss: 'accounts.google.com' }),
    );
    expect(res.status).toBe(200);
  });

  it('A1 refuses the credential in the query string and creates nothing', async () => {
    const credential = await idToken({ sub: 'google-sub-query', email: 'query-g@example.com' });
    const res = await server.request('POST', `/api/user/GoogleLogin?credential=${credential}`, {
      body: { credential },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error_description: 'Send credentials in the request body.',
      code: 'credentials_in_query',
    });
    expect(await identityByEmail('query-g@example.com')).toHaveLength(0);
  });
});

describe('Google sign-in switched off', () => {
  it('answers "Google sign-in is not available." without a client id', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.request('POST', '/api/user/GoogleLogin', { body: { credential: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error_description: 'Google sign-in is not available.',
        code: 'bad_request',
      });
      const empty = await plain.request('POST', '/api/user/GoogleLogin', { body: {} });
      expect(empty.body.error_description).toBe('Google sign-in is not available.');
    } finally {
      await plain.close();
    }
  });
});
