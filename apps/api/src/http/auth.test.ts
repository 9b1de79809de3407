import { createHmac, createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens, verifyHs256 } from './auth.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256!';
const OTHER = 'another-secret-that-is-long-enough-for-hs256!';
const NOW = new Date('2027-02-01T12:00:00Z');
const iat = Math.floor(NOW.getTime() / 1000);

/** A token like ours with some part changed. */
async function token(
  options: {
    claims?: Record<string, unknown>;
    alg?: string;
    secret?: string;
    header?: Record<string, unknown>;
  } = {},
) {
  return new SignJWT({ typ: 'access', ...options.claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setSubject('identity-1')
    .setIssuer((options.claims?.iss as string) ?? 'sample-first-store')
    .setAudience((options.claims?.aud as string) ?? 'sample-first-store/web')
    .setIssuedAt(iat)
    .setNotBefore((options.claims?.nbf as number) ?? iat - 5)
    .setExpirationTime((options.claims?.exp as number) ?? iat + 900)
    .sign(createSecretKey(Buffer.from(options.secret ?? SECRET, 'utf8')));
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens checked with node:crypto', () => {
  it('accepts the tokens it signs, until they expire', async () => {
    const tokens = createAccessTokens(SECRET, () => NOW);
    const signed = await tokens.sign('identity-9', 'session-1');
    expect(await tokens.verify(signed)).toBe('identity-9');
    expect(verifyHs256(signed, SECRET, NOW)).toEqual({ sub: 'identity-9', sid: 'session-1', exp: iat + 900 });
    expect(verifyHs256(signed, SECRET, new Date(NOW.getTime() + 15 * 60_000))).toBeUndefined();
  });

  it('a token checked once is still refused once it expires or its session ends', async () => {
    let at = NOW;
    const tokens = createAccessTokens(SECRET, () => at);
    const signed = await tokens.sign('identity-3', 'session-3');
    const other = await tokens.sign('identity-4', 'session-4');
    expect(await tokens.verify(signed)).toBe('identity-3');
    expect(await tokens.verify(signed)).toBe('identity-3');
    await tokens.revokeSessions(['session-3']);
    expect(await tokens.verify(signed)).toBeUndefined();
    expect(await tokens.verify(other)).toBe('identity-4');
    at = new Date(NOW.getTime() + 15 * 60_000);
    expect(await tokens.verify(other)).toBeUndefined();
    // A changed signature is never the remembered token.
    at = NOW;
    const forged = `${other.slice(0, -2)}${other.endsWith('A') ? 'B' : 'A'}A`;
    expect(await tokens.verify(forged)).toBeUndefined();
  });

  it('refuses another secret, another algorithm, alg none, a crit header and a changed payload', async () => {
    expect(verifyHs256(await token(), SECRET, NOW)?.sub).toBe('identity-1');
    expect(verifyHs256(await token({ secret: OTHER }), SECRET, NOW)).toBeUndefined();
    expect(verifyHs256(await token({ alg: 'HS512' }), SECRET, NOW)).toBeUndefined();
    // Correctly signed, but with a critical header we do not understand.
    const [, claims] = (await token()).split('.');
    const critHeader = b64({ alg: 'HS256', typ: 'JWT', crit: ['exp'] });
    const critSignature = createHmac('sha256', SECRET).update(`${critHeader}.${claims}`).digest('base64url');
    expect(verifyHs256(`${critHeader}.${claims}.${critSignature}`, SECRET, NOW)).toBeUndefined();
    const plainHeader = b64({ alg: 'HS256', typ: 'JWT' });
    const plainSignature = createHmac('sha256', SECRET)
      .update(`${plainHeader}.${claims}`)
      .digest('base64url');
    expect(verifyHs256(`${plainHeader}.${claims}.${plainSignature}`, SECRET, NOW)?.sub).toBe('identity-1');
    const [, payload] = (await token()).split('.');
    expect(verifyHs256(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, SECRET, NOW)).toBeUndefined();
    const [header, , signature] = (await token()).split('.');
    const changed = b64({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'identity-2' });
    expect(verifyHs256(`${header}.${changed}.${signature}`, SECRET, NOW)).toBeUndefined();
  });

  it('refuses a token not yet valid, expired, for another issuer or audience, or not an access token', async () => {
    expect(verifyHs256(await token({ claims: { nbf: iat + 60 } }), SECRET, NOW)).toBeUndefined();
    expect(verifyHs256(await token({ claims: { exp: iat } }), SECRET, NOW)).toBeUndefined();
    expect(verifyHs256(await token({ claims: { iss: 'someone-else' } }), SECRET, NOW)).toBeUndefined();
    expect(verifyHs256(await token({ claims: { aud: 'another-app' } }), SECRET, NOW)).toBeUndefined();
    expect(verifyHs256(await token({ claims: { typ: 'refresh' } }), SECRET, NOW)).toBeUndefined();
  });

  it('refuses what is not a JWT at all', () => {
    for (const bad of ['', 'abc', 'a.b', 'a.b.c.d', '!!.??.**', `${b64([1])}.${b64({})}.x`]) {
      expect(verifyHs256(bad, SECRET, NOW)).toBeUndefined();
    }
  });
});
