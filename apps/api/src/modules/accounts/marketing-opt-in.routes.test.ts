import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { GOOD_PASSWORD, relaxedLimiter, signUpVerified, waitForMail } from './accounts.test-support.ts';

/* Marketing mail is opt-in (docs/decisions/015-emails-and-marketing-opt-in.md). */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://store.example' }, { limiter: relaxedLimiter() });
});
afterAll(async () => {
  await server?.close();
});

async function subscribed(email: string): Promise<boolean> {
  const result = await server.database.db.execute<{ is_email_subscribed: boolean }>(
    sql`SELECT is_email_subscribed FROM identities WHERE email = ${email}`,
  );
  return result.rows[0]!.is_email_subscribed;
}

describe('the news-and-offers choice at sign-up', () => {
  it('starts a new account NOT subscribed: the column defaults to false', async () => {
    const column = await server.database.db.execute<{ column_default: string }>(sql`
      SELECT column_default FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'identities'
        AND column_name = 'is_email_subscribed'`);
    expect(column.rows[0]!.column_default).toBe('false');
  });

  it('stores no subscription when the box is left unticked, and the welcome carries no unsubscribe link', async () => {
    const user = await signUpVerified(server, 'quiet@example.com');
    expect(await subscribed('quiet@example.com')).toBe(false);
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: user.token });
    expect(info.body.identity.isEmailSubscribed).toBe(false);
    const welcome = await waitForMail(server.database.db, 'quiet@example.com', 'welcome');
    expect(welcome.text).toContain('Your account is ready.');
    expect(welcome.text).not.toMatch(/unsubscribe|news and offers/i);
    expect(welcome.html).not.toContain('/unsubscribe/');
  });

  it('stores the subscription when ticked, and the welcome then carries the unsubscribe link', async () => {
    const user = await signUpVerified(server, 'keen@example.com', GOOD_PASSWORD, { optIn: true });
    expect(await subscribed('keen@example.com')).toBe(true);
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: user.token });
    expect(info.body.identity.isEmailSubscribed).toBe(true);
    const welcome = await waitForMail(server.database.db, 'keen@example.com', 'welcome');
    expect(welcome.text).toContain('news and offers');
    expect(welcome.html).toMatch(/href="https:\/\/store\.example\/unsubscribe\/[\w.-]+"/);
  });

  it('answers 400 with a description when the choice is not a boolean', async () => {
    const res = await server.request('POST', '/api/User/Register', {
      body: {
        emailAddress: 'odd@example.com',
        password: GOOD_PASSWORD,
        isAgeConfirmed: true,
        isEmailSubscribed: 'yes please',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBeTruthy();
    expect(res.body.code).toBeTruthy();
  });
});
