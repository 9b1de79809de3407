import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { newMember, payOrder } from '../checkout/checkout.test-support.ts';
import { DEMO_ADMIN, seedAdmin } from './accounts.seed.ts';
import {
  GOOD_PASSWORD,
  relaxedLimiter,
  verificationLinkOf,
  waitForMail,
  waitForMails,
} from './accounts.test-support.ts';

/** The welcome after verifying fits where the person is (docs/product.md#mails). */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://store.example' }, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

async function verify(email: string) {
  const link = verificationLinkOf(await waitForMail(server.database.db, email, 'verify-email'));
  const res = await server.request('POST', `/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`);
  expect(res.status).toBe(200);
  return waitForMail(server.database.db, email, 'welcome');
}

/** The address of the mail's one call-to-action button. */
function ctaOf(html: string): string {
  return /<a href="([^"]*)"[^>]*padding:14px 28px/.exec(html)![1]!.replace(/&amp;/g, '&');
}

describe('the welcome mail', () => {
  it('gives a member who has paid their box next steps, in the words of the site, not "Take the quiz"', async () => {
    const m = await newMember(server, 'paid-welcome');
    await payOrder(server, m, m.orderId);
    const welcome = await verify(m.email);
    expect(ctaOf(welcome.html)).toBe('https://store.example/membership');
    expect(welcome.text).toContain('Build your box');
    expect(welcome.text).toContain('prime picks');
    expect(welcome.text).toMatch(/Choose your 2 samples/);
    expect(welcome.text).not.toMatch(/Take the quiz|power picks/i);
  });

  it('leads a person whose first box waits at checkout back to it', async () => {
    const m = await newMember(server, 'unpaid-welcome');
    const welcome = await verify(m.email);
    expect(ctaOf(welcome.html)).toBe(`https://store.example/checkout/${m.orderId}`);
    expect(welcome.text).toContain('Finish your first box');
    expect(welcome.text).not.toMatch(/Take the quiz|power picks/i);
  });

  it('invites a new account without a quiz to take it, naming the prime picks', async () => {
    const email = 'fresh-welcome@example.com';
    const registered = await server.request('POST', '/api/User/Register', {
      body: { emailAddress: email, password: GOOD_PASSWORD, isAgeConfirmed: true },
    });
    expect(registered.status).toBe(200);
    const welcome = await verify(email);
    expect(ctaOf(welcome.html)).toBe('https://store.example/take-quiz/1');
    expect(welcome.text).toContain('2 prime picks');
    expect(welcome.text).not.toMatch(/power picks/i);
  });

  it('is the same fitting welcome when the operator sends it again: a paying member is led to Membership', async () => {
    await seedAdmin(server.database.db);
    const admin = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    const m = await newMember(server, 'resent-welcome');
    await payOrder(server, m, m.orderId);
    await verify(m.email);
    // The operator may send a welcome only to a person who takes news and offers.
    await server.database.db.execute(
      sql`UPDATE identities SET is_email_subscribed = true WHERE email = ${m.email.toLowerCase()}`,
    );
    const { rows } = await server.database.db.execute<{ id: string }>(
      sql`SELECT id FROM identities WHERE email = ${m.email.toLowerCase()}`,
    );
    const sent = await server.request(
      'POST',
      `/api/User/SendSelectedEmail?emailType=welcome&identityId=${rows[0]!.id}`,
      { token: admin.body.token },
    );
    expect(sent.status).toBe(200);
    const resent = (await waitForMails(server.database.db, m.email, 'welcome', 2)).at(-1)!;
    expect(ctaOf(resent.html)).toBe('https://store.example/membership');
    expect(resent.text).toContain('Build your box');
    expect(resent.text).not.toMatch(/Take the quiz/i);
    expect(resent.html).toContain('/unsubscribe/');
  });
});
