import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../http/rate-limit.ts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';

let server: TestServer;
const limiter = createMemoryRateLimiter();

beforeAll(async () => {
  server = await startTestServer({ storeEmail: 'partners@store.test' }, { limiter });
});
afterAll(async () => {
  await server.close();
});

const valid = {
  firstName: 'Maya',
  lastName: 'Torres',
  email: 'maya.torres@example.com',
  phone: '(512) 555-0142',
  fitnessType: 'Powerlifting',
  instagram: '@mayalifts',
  tiktok: '@mayalifts',
  otherSocials: 'youtube.com/@mayalifts',
};

async function storedRequests() {
  const result = await server.database.db.execute<{
    first_name: string;
    email: string;
    phone: string;
    tiktok: string;
  }>(sql`SELECT first_name, email, phone, tiktok FROM partner_requests ORDER BY created_at`);
  return result.rows;
}

describe('POST /api/User/SubmitPartnerRequest', () => {
  it('stores the application and mails it to the store', async () => {
    const res = await server.request('POST', '/api/User/SubmitPartnerRequest', { body: valid });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Thanks for applying! We'll reach out/);
    expect(await storedRequests()).toContainEqual({
      first_name: 'Maya',
      email: 'maya.torres@example.com',
      phone: '(512) 555-0142',
      tiktok: '@mayalifts',
    });
    const mails = await server.database.db.execute<{ to_address: string; subject: string; text: string }>(
      sql`SELECT to_address, subject, text FROM emails WHERE kind = 'partner-request'`,
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]).toMatchObject({
      to_address: 'partners@store.test',
      subject: 'Ambassador application: Maya Torres',
    });
    expect(mails.rows[0]!.text).toMatch(/^Phone +\(512\) 555-0142$/m);
  });

  it('accepts the spec casing of keys and leaves the optional socials out', async () => {
    const res = await server.request('POST', '/api/user/submitpartnerrequest', {
      body: { FirstName: 'Jo', LastName: 'Park', Email: 'jo@example.org', Phone: '512.555.0199' },
    });
    expect(res.status).toBe(200);
    expect(await storedRequests()).toContainEqual({
      first_name: 'Jo',
      email: 'jo@example.org',
      phone: '512.555.0199',
      tiktok: '',
    });
  });

  it.each([
    ['firstName', { firstName: '' }, 'First name is required'],
    ['lastName', { lastName: '   ' }, 'Last name is required'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'maya@example.c' }, 'Please enter a valid email address'],
    ['email', { email: 'maya at example.com' }, 'Please enter a valid email address'],
    ['phone', { phone: '' }, 'Phone number is required'],
    ['phone', { phone: '555-0142' }, 'Please enter a valid phone number'],
    ['phone', { phone: '512-555-01423' }, 'Please enter a valid phone number'],
    ['phone', { phone: '512/555/0142' }, 'Please enter a valid phone number'],
  ])('refuses a bad %s with the form message "%s"', async (field, change, message) => {
    const before = (await storedRequests()).length;
    const res = await server.request('POST', '/api/User/SubmitPartnerRequest', {
      body: { ...valid, ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.fieldErrors[field]).toBe(message);
    expect((await storedRequests()).length).toBe(before);
  });

  it('refuses a missing phone, which the original form never sent', async () => {
    const { phone: _phone, ...withoutPhone } = valid;
    const res = await server.request('POST', '/api/User/SubmitPartnerRequest', { body: withoutPhone });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.phone).toBe('Phone number is required');
  });

  it('refuses over-long socials and unknown fields', async () => {
    const long = await server.request('POST', '/api/User/SubmitPartnerRequest', {
      body: { ...valid, otherSocials: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toHaveProperty('otherSocials');
    const extra = await server.request('POST', '/api/User/SubmitPartnerRequest', {
      body: { ...valid, approved: true },
    });
    expect(extra.status).toBe(400);
  });

  it('is rate-limited per address', async () => {
    await limiter.reset('partner-request-ip:127.0.0.1');
    for (let i = 0; i < 5; i++) {
      const ok = await server.request('POST', '/api/User/SubmitPartnerRequest', { body: valid });
      expect(ok.status).toBe(200);
    }
    const res = await server.request('POST', '/api/User/SubmitPartnerRequest', { body: valid });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });
});
