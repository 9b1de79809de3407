import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { newMember, PASSWORD } from '../checkout/checkout.test-support.ts';
import {
  GOOD_PASSWORD,
  mailsTo,
  relaxedLimiter,
  verificationLinkOf,
  waitForMail,
  waitForMails,
} from './accounts.test-support.ts';

/**
 * People who never clicked the verification link (docs/product.md#sign-up): a quiz account signs
 * in again and is reminded; a /register account is refused and can ask for the link again.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

const address = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const login = (emailAddress: string, password: string) =>
  server.request('POST', '/api/User/Login', { body: { emailAddress, password } });
const resend = (emailAddress: string) =>
  server.request('POST', '/api/User/ResendVerification', { body: { emailAddress } });
const SAME_ANSWER = {
  message:
    'If that address has an account waiting to be verified, a new link is on its way. It is valid for 24 hours.',
};

describe('POST /api/User/Login before the email is verified', () => {
  it('lets a quiz member who never verified log in again, and AuthInfo says the address is unverified', async () => {
    const member = await newMember(server, 'unverified-quiz');
    const again = await login(member.email, PASSWORD);
    expect(again.status).toBe(200);
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: again.body.token });
    expect(info.body.emailVerified).toBe(false);

    const link = verificationLinkOf(await waitForMail(server.database.db, member.email, 'verify-email'));
    await server.request('POST', `/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`);
    const after = await server.request('GET', '/api/Account/AuthInfo', { token: again.body.token });
    expect(after.body.emailVerified).toBe(true);
  });

  it('still refuses a /register account until it verifies, with the message and code the page acts on', async () => {
    const email = address('unverified-register');
    await server.request('POST', '/api/User/Register', {
      body: { emailAddress: email, password: GOOD_PASSWORD, isAgeConfirmed: true },
    });
    const refused = await login(email, GOOD_PASSWORD);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('email_not_verified');
    expect(refused.body.error_description).toBe('Please verify your email address before logging in.');
  });
});

describe('POST /api/User/ResendVerification', () => {
  it('mails a new, working link to an unverified account', async () => {
    const email = address('resend');
    await server.request('POST', '/api/User/Register', {
      body: { emailAddress: email, password: GOOD_PASSWORD, isAgeConfirmed: true },
    });
    await waitForMail(server.database.db, email, 'verify-email');
    const res = await resend(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SAME_ANSWER);
    const mails = await waitForMails(server.database.db, email, 'verify-email', 2);
    const link = verificationLinkOf(mails[1]!);
    const verified = await server.request(
      'POST',
      `/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`,
    );
    expect(verified.status).toBe(200);
    expect((await login(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('answers an unknown or already verified address exactly the same, and mails nothing', async () => {
    const unknown = address('nobody');
    const res = await resend(unknown);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SAME_ANSWER);
    expect(await mailsTo(server.database.db, unknown)).toEqual([]);

    const email = address('verified');
    await server.request('POST', '/api/User/Register', {
      body: { emailAddress: email, password: GOOD_PASSWORD, isAgeConfirmed: true },
    });
    const link = verificationLinkOf(await waitForMail(server.database.db, email, 'verify-email'));
    await server.request('POST', `/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`);
    // The welcome first looks up the membership it fits, so it lands a moment after the answer.
    await waitForMail(server.database.db, email, 'welcome');
    const before = (await mailsTo(server.database.db, email)).length;
    const again = await resend(email);
    expect(again.body).toEqual(SAME_ANSWER);
    expect((await mailsTo(server.database.db, email)).length).toBe(before);
  });

  it('is rate-limited per address, for known and unknown addresses alike (429 with retry-after)', async () => {
    for (const email of [address('limited-unknown'), address('limited-known')]) {
      for (let i = 0; i < 3; i++) expect((await resend(email)).status).toBe(200);
      const limited = await resend(email);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited.body.error_description).toBeTruthy();
    }
  });

  it('refuses a malformed address with 400 beside the field', async () => {
    const res = await resend('not-an-email');
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBeTruthy();
    expect(res.body.fieldErrors.emailAddress).toBeTruthy();
  });
});
