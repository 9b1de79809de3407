import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN, seedAdmin } from './accounts.seed.ts';
import {
  GOOD_PASSWORD,
  mailsTo,
  relaxedLimiter,
  signUpVerified,
  waitForMail,
} from './accounts.test-support.ts';
import { buildUnsubscribeUrl, createUnsubscribeToken } from './unsubscribe-link.ts';

let server: TestServer;
let adminToken: string;
let customer: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://store.example' }, { limiter: relaxedLimiter() });
  await seedAdmin(server.database.db);
  const login = await server.request('POST', '/api/User/Login', {
    body: { emailAddress: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  adminToken = login.body.token;
  customer = await signUpVerified(server, 'customer@example.com', undefined, { optIn: true });
});
afterAll(async () => {
  await server?.close();
});

const send = (emailType: string, identityId: string, token?: string) =>
  server.request('POST', `/api/User/SendSelectedEmail?emailType=${emailType}&identityId=${identityId}`, {
    token,
  });

describe('demo operator seed', () => {
  it('creates admin@example.com once, verified, with the admin permission', async () => {
    await seedAdmin(server.database.db);
    const rows = await server.database.db.execute<{ permissions: string[]; email_verified_at: unknown }>(
      sql`SELECT permissions, email_verified_at FROM identities WHERE email = ${DEMO_ADMIN.email}`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.permissions).toEqual(['admin']);
    expect(rows.rows[0]!.email_verified_at).not.toBeNull();
    expect(adminToken).toBeTruthy();
  });
});

describe('POST /api/User/SendSelectedEmail', () => {
  it('lets an operator send a reset link and a welcome mail to a person', async () => {
    const reset = await send('reset-password', customer.identityId, adminToken);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'The email has been sent.' });
    const mail = await waitForMail(server.database.db, 'customer@example.com', 'reset-password');
    expect(mail.text).toContain('https://store.example/reset-password?token=');
    expect((await send('welcome', customer.identityId, adminToken)).status).toBe(200);
  });

  it('resends a verification link only while the address is unverified', async () => {
    await server.request('POST', '/api/User/Register', {
      body: { emailAddress: 'pending@example.com', password: GOOD_PASSWORD, isAgeConfirmed: true },
    });
    const { rows } = await server.database.db.execute<{ id: string }>(
      sql`SELECT id FROM identities WHERE email = 'pending@example.com'`,
    );
    expect((await send('verify-email', rows[0]!.id, adminToken)).status).toBe(200);
    expect((await send('verify-email', customer.identityId, adminToken)).status).toBe(409);
  });

  it('B6 is 401 anonymously and 403 for a customer, even for themselves, and sends nothing', async () => {
    const before = (await mailsTo(server.database.db, 'customer@example.com')).length;
    expect((await send('reset-password', customer.identityId)).status).toBe(401);
    expect((await send('reset-password', customer.identityId, customer.token)).status).toBe(403);
    expect((await send('not-a-type', customer.identityId, customer.token)).status).toBe(403);
    expect((await mailsTo(server.database.db, 'customer@example.com')).length).toBe(before);
  });

  it('B6 refuses an unknown email type with 400 and an unknown identity with 404', async () => {
    const unknownType = await send('password-dump', customer.identityId, adminToken);
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.error_description).toBe('Unknown email type.');
    expect((await send('welcome', crypto.randomUUID(), adminToken)).status).toBe(404);
    expect((await send('welcome', 'not-an-id', adminToken)).status).toBe(404);
  });

  it('B6 is rate-limited per operator', async () => {
    let last = 200;
    for (let i = 0; i < 31 && last !== 429; i++)
      last = (await send('welcome', crypto.randomUUID(), adminToken)).status;
    expect(last).toBe(429);
  });
});

describe('POST /api/User/Unsubscribe', () => {
  it('turns marketing mail off with the link of the welcome mail, once', async () => {
    const user = await signUpVerified(server, 'marketing@example.com', undefined, { optIn: true });
    const welcome = await waitForMail(server.database.db, 'marketing@example.com', 'welcome');
    const token = /\/unsubscribe\/([\w.-]+)/.exec(welcome.text)![1]!;
    const res = await server.request('POST', `/api/User/Unsubscribe?token=${token}`);
    expect(res.status).toBe(200);
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: user.token });
    expect(info.body.identity.isEmailSubscribed).toBe(false);

    const again = await server.request('POST', `/api/User/Unsubscribe?token=${token}`);
    expect(again.status).toBe(400);
    expect(again.body.error_description).toBe(
      'Unable to process your unsubscribe request. The link may have expired.',
    );
  });

  it('answers the spec message for a missing token', async () => {
    for (const path of ['/api/User/Unsubscribe', '/api/User/Unsubscribe?token=']) {
      const res = await server.request('POST', path);
      expect(res.status).toBe(400);
      expect(res.body.error_description).toBe('Invalid unsubscribe link. Token is missing.');
    }
  });

  it('refuses a forged, altered or expired token and changes nothing', async () => {
    const user = await signUpVerified(server, 'stays-subscribed@example.com', undefined, {
      optIn: true,
    });
    const forged = createUnsubscribeToken('not-the-server-secret', user.identityId, new Date());
    const expired = createUnsubscribeToken(
      server.config.linkSecret,
      user.identityId,
      new Date('2020-01-01T00:00:00Z'),
    );
    const real = createUnsubscribeToken(server.config.linkSecret, user.identityId, new Date());
    const altered = real.replace(user.identityId, customer.identityId);
    for (const token of [forged, expired, altered, 'garbage']) {
      const res = await server.request('POST', `/api/User/Unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(400);
      expect(res.body.error_description).toBe(
        'Unable to process your unsubscribe request. The link may have expired.',
      );
    }
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: user.token });
    expect(info.body.identity.isEmailSubscribed).toBe(true);
    const customerInfo = await server.request('GET', '/api/Account/AuthInfo', { token: customer.token });
    expect(customerInfo.body.identity.isEmailSubscribed).toBe(true);
  });

  it('builds /unsubscribe/{token} links under PUBLIC_URL', () => {
    expect(buildUnsubscribeUrl(server.config, customer.identityId)).toMatch(
      /^https:\/\/store\.example\/unsubscribe\/[\w.-]+$/,
    );
  });
});
