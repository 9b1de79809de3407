import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { relaxedLimiter, signUpVerified } from './accounts.test-support.ts';

let server: TestServer;
let alice: Awaited<ReturnType<typeof signUpVerified>>;
let bob: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  alice = await signUpVerified(server, 'alice@example.com');
  bob = await signUpVerified(server, 'bob@example.com');
});
afterAll(async () => {
  await server?.close();
});

async function rowOf(id: string) {
  const result = await server.database.db.execute<Record<string, unknown>>(
    sql`SELECT * FROM identities WHERE id = ${id}`,
  );
  return result.rows[0]!;
}

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  Buffer.alloc(40, 7),
]);

describe('GET /api/Account/AuthInfo', () => {
  it('answers the identity, no subscription and no open checkout', async () => {
    const res = await server.request('GET', '/api/Account/AuthInfo', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.subscription).toBeNull();
    expect(res.body.uncompletedCheckoutOrderId).toBeNull();
    expect(res.body.identity).toMatchObject({
      id: alice.identityId,
      emailAddress: 'alice@example.com',
      // Nobody ticked "Email me news and offers": marketing mail is opt-in.
      isEmailSubscribed: false,
      permissions: [],
      quizId: null,
      orderId: null,
    });
    expect(new Date(res.body.identity.dateCreated).toISOString()).toBe(res.body.identity.dateCreated);
  });

  it('B5 never answers a password hash, a Google subject or verification internals', async () => {
    const res = await server.request('GET', '/api/Account/AuthInfo', { token: alice.token });
    expect(res.text).not.toMatch(/argon2|password|hash|googleSub|google_sub|verified_at/i);
    expect(Object.keys(res.body.identity).sort()).toEqual(
      [
        'about',
        'address',
        'age',
        'dateCreated',
        'emailAddress',
        'firstName',
        'id',
        'isEmailSubscribed',
        'lastName',
        'orderId',
        'permissions',
        'phoneNumber',
        'profilePicture',
        'quizId',
        'referralCode',
        'shippingAddress',
      ].sort(),
    );
  });

  it('is 401 without a token, with a bad one, and is not cached', async () => {
    expect((await server.request('GET', '/api/Account/AuthInfo')).status).toBe(401);
    expect((await server.request('GET', '/api/Account/AuthInfo', { token: 'abc.def.ghi' })).status).toBe(401);
    const res = await server.request('GET', '/api/Account/AuthInfo', { token: alice.token });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('POST /api/Identity/Save', () => {
  it("changes the caller's own allowed fields and answers the identity", async () => {
    const res = await server.request('POST', '/api/Identity/Save', {
      token: alice.token,
      body: {
        firstName: 'Alice',
        LastName: 'Liddell',
        phoneNumber: '(555) 123-4567',
        age: 29,
        isEmailSubscribed: false,
        about: 'Likes chocolate whey.',
        address: '1 Main St',
        shippingAddress: {
          street1: '1 Main St',
          street2: '',
          city: 'Austin',
          state: 'TX',
          postalCode: '78701',
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Alice',
      lastName: 'Liddell',
      phoneNumber: '(555) 123-4567',
      age: 29,
      isEmailSubscribed: false,
      shippingAddress: {
        street1: '1 Main St',
        street2: null,
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
      },
    });
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: alice.token });
    expect(info.body.identity.firstName).toBe('Alice');
  });

  it('B3 ignores permissions, emailAddress, referralCode and dateCreated sent back, and never changes them', async () => {
    const before = await rowOf(bob.identityId);
    for (const extra of [
      { permissions: ['admin'] },
      { emailAddress: 'mallory@example.com' },
      { referralCode: 'MINE1234' },
      { dateCreated: '2000-01-01T00:00:00Z' },
      { Permissions: ['admin'] },
      { quizId: 'someone-elses', orderId: 'someone-elses', profilePicture: 'https://evil.example/x.png' },
    ]) {
      const res = await server.request('POST', '/api/Identity/Save', {
        token: bob.token,
        body: { firstName: before!.first_name, ...extra },
      });
      expect(res.status).toBe(200);
      expect(res.body.permissions).toEqual([]);
    }
    expect(await rowOf(bob.identityId)).toEqual(before);
  });

  it('B3 refuses a field the identity does not have (createdAt) with 400 and changes nothing', async () => {
    const before = await rowOf(bob.identityId);
    const res = await server.request('POST', '/api/Identity/Save', {
      token: bob.token,
      body: { firstName: 'Bobby', createdAt: '2000-01-01T00:00:00Z' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.error_description).toBeTruthy();
    expect(await rowOf(bob.identityId)).toEqual(before);
  });

  it('accepts the identity exactly as GET /Account/AuthInfo answers it (a round trip), with a change applied', async () => {
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: alice.token });
    const res = await server.request('POST', '/api/Identity/Save', {
      token: alice.token,
      body: { ...info.body.identity, about: 'Round trip.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...info.body.identity, about: 'Round trip.' });
  });

  it("B3 refuses another user's id and leaves both unchanged", async () => {
    const aliceBefore = await rowOf(alice.identityId);
    const bobBefore = await rowOf(bob.identityId);
    const res = await server.request('POST', '/api/Identity/Save', {
      token: bob.token,
      body: { id: alice.identityId, firstName: 'Hacked' },
    });
    expect(res.status).toBe(400);
    expect(await rowOf(alice.identityId)).toEqual(aliceBefore);
    expect(await rowOf(bob.identityId)).toEqual(bobBefore);
    const own = await server.request('POST', '/api/Identity/Save', {
      token: bob.token,
      body: { id: bob.identityId, firstName: 'Bob' },
    });
    expect(own.status).toBe(200);
  });

  it('refuses an age under 13 and a phone number that is not 10 digits', async () => {
    const young = await server.request('POST', '/api/Identity/Save', { token: bob.token, body: { age: 12 } });
    expect(young.status).toBe(400);
    expect(young.body.error_description).toBe('You must be 13 or older to have an account.');
    const phone = await server.request('POST', '/api/Identity/Save', {
      token: bob.token,
      body: { phoneNumber: '12345' },
    });
    expect(phone.status).toBe(400);
  });

  it('is 401 anonymously', async () => {
    expect((await server.request('POST', '/api/Identity/Save', { body: { firstName: 'X' } })).status).toBe(
      401,
    );
  });
});

describe('POST /api/Identity/SaveImage and GET /api/Identity/Image/:id', () => {
  it('stores a PNG, points profilePicture at it, and serves it publicly with a long cache', async () => {
    const res = await server.request('POST', '/api/Identity/SaveImage', {
      token: alice.token,
      body: { image: `data:image/png;base64,${PNG.toString('base64')}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.profilePicture).toMatch(/^\/api\/Identity\/Image\/[0-9a-f-]{36}$/);

    const image = await fetch(`${server.baseUrl}${res.body.profilePicture}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('set-cookie')).toBeNull();
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('replaces the previous picture', async () => {
    const first = await server.request('POST', '/api/Identity/SaveImage', {
      token: bob.token,
      body: { image: `data:image/png;base64,${PNG.toString('base64')}` },
    });
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(30, 1)]);
    const second = await server.request('POST', '/api/Identity/SaveImage', {
      token: bob.token,
      body: { image: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
    });
    expect(second.status).toBe(200);
    expect((await fetch(`${server.baseUrl}${first.body.profilePicture}`)).status).toBe(404);
    const served = await fetch(`${server.baseUrl}${second.body.profilePicture}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses what is not a PNG, JPEG or WebP whatever it claims, and leaves the picture', async () => {
    const before = (await rowOf(alice.identityId)).profile_picture;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const res = await server.request('POST', '/api/Identity/SaveImage', {
      token: alice.token,
      body: { image: `data:image/png;base64,${svg.toString('base64')}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('Please choose a PNG, JPEG or WebP image.');
    expect((await rowOf(alice.identityId)).profile_picture).toBe(before);
  });

  it('accepts a body over 100 KB on this route only, and refuses a picture over 2 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(500 * 1024, 3)]);
    const ok = await server.request('POST', '/api/Identity/SaveImage', {
      token: alice.token,
      body: { image: `data:image/png;base64,${big.toString('base64')}` },
    });
    expect(ok.status).toBe(200);
    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10, 3)]);
    const tooBig = await server.request('POST', '/api/Identity/SaveImage', {
      token: alice.token,
      body: { image: `data:image/png;base64,${huge.toString('base64')}` },
    });
    expect([400, 413]).toContain(tooBig.status);
    const otherRoute = await server.request('POST', '/api/Identity/Save', {
      token: alice.token,
      body: { about: 'x'.repeat(200 * 1024) },
    });
    expect(otherRoute.status).toBe(413);
  });

  it('answers 404 for an unknown or malformed image id, and 401 for an anonymous upload', async () => {
    expect((await server.request('GET', `/api/Identity/Image/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await server.request('GET', '/api/Identity/Image/not-an-id')).status).toBe(404);
    const anon = await server.request('POST', '/api/Identity/SaveImage', {
      body: { image: PNG.toString('base64') },
    });
    expect(anon.status).toBe(401);
  });
});

describe('B2 billing info', () => {
  const EMPTY = { last4Digits: null, expiryMonth: null, expiryYear: null, brand: null, billingAddress: null };

  it("answers the caller's own card summary (nulls until payments exist)", async () => {
    const own = await server.request(
      'GET',
      `/api/identity/GetBillingInfoByIdentityId?identityId=${alice.identityId}`,
      {
        token: alice.token,
      },
    );
    expect(own.status).toBe(200);
    expect(own.body).toEqual(EMPTY);
    const noParam = await server.request('GET', '/api/identity/GetBillingInfoByIdentityId', {
      token: alice.token,
    });
    expect(noParam.body).toEqual(EMPTY);
  });

  it("answers someone else's id as missing", async () => {
    const res = await server.request(
      'GET',
      `/api/identity/GetBillingInfoByIdentityId?identityId=${bob.identityId}`,
      {
        token: alice.token,
      },
    );
    expect(res.status).toBe(404);
  });

  it('/me/billing takes the identity from the token and ignores identityId or userId', async () => {
    const res = await server.request(
      'GET',
      `/api/me/billing?identityId=${bob.identityId}&userId=${bob.identityId}`,
      {
        token: alice.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual(EMPTY);
    expect(Object.keys(res.body).sort()).toEqual([
      'billingAddress',
      'brand',
      'expiryMonth',
      'expiryYear',
      'last4Digits',
    ]);
    expect((await server.request('GET', '/api/me/billing')).status).toBe(401);
  });
});
