import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../http/rate-limit.ts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { createMailer, type Mail, type Mailer } from '../mail/mailer.ts';

let server: TestServer;
const limiter = createMemoryRateLimiter();
// The real mailer, which a test can make fail for a while (an SMTP outage).
let realMailer: Mailer | undefined;
let isMailDown = false;
const mailer: Mailer = {
  async send(mail: Mail) {
    if (isMailDown) throw new Error('SMTP down');
    await realMailer!.send(mail);
  },
};

beforeAll(async () => {
  server = await startTestServer(
    { storeEmail: 'hello@store.test', planPriceCents: 1550, handlingFeeCents: 350 },
    { limiter, mailer },
  );
  realMailer = createMailer({ db: server.database.db });
});
afterAll(async () => {
  await server.close();
});

async function storedMessages() {
  const result = await server.database.db.execute<{ name: string; email: string; text: string }>(
    sql`SELECT name, email, text FROM contact_messages ORDER BY created_at`,
  );
  return result.rows;
}

async function mailsOfKind(kind: string) {
  const result = await server.database.db.execute<{
    to_address: string;
    subject: string;
    html: string;
    text: string;
  }>(sql`SELECT to_address, subject, html, text FROM emails WHERE kind = ${kind} ORDER BY created_at`);
  return result.rows;
}

describe('POST /api/contact/SendContactEmail', () => {
  it('stores the message and mails it to the store, reading keys case-insensitively', async () => {
    const res = await server.request('POST', '/api/contact/SendContactEmail', {
      body: { Name: 'Dana Whitaker', Email: 'dana@example.com', Text: 'Do you ship to Alaska?' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Message sent!' });
    expect(await storedMessages()).toContainEqual({
      name: 'Dana Whitaker',
      email: 'dana@example.com',
      text: 'Do you ship to Alaska?',
    });
    const mail = (await mailsOfKind('contact')).at(-1)!;
    expect(mail.to_address).toBe('hello@store.test');
    expect(mail.subject).toBe('Contact form: message from Dana Whitaker');
    expect(mail.text).toContain('Do you ship to Alaska?');
    expect(mail.text).toContain('dana@example.com');
  });

  it('escapes markup in the mail and keeps a line break out of the subject', async () => {
    // A line break in the name is refused outright (docs/reliability.md#f8)…
    const broken = await server.request('POST', '/api/contact/SendContactEmail', {
      body: { name: 'Eve\r\nBcc: victim@example.com', email: 'eve@example.com', text: 'Hi' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.fieldErrors.name).toBeTruthy();
    // …and markup is escaped.
    const res = await server.request('POST', '/api/contact/SendContactEmail', {
      body: {
        name: 'Eve <b>Bcc: victim@example.com</b>',
        email: 'eve@example.com',
        text: '<img src=x onerror=alert(1)>',
      },
    });
    expect(res.status).toBe(200);
    const mail = (await mailsOfKind('contact')).at(-1)!;
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<img');
  });

  it.each([
    ['an empty name', { name: '  ', email: 'a@example.com', text: 'Hi' }, 'name'],
    ['a missing email', { name: 'Al', text: 'Hi' }, 'email'],
    ['an invalid email', { name: 'Al', email: 'al@example', text: 'Hi' }, 'email'],
    ['an empty text', { name: 'Al', email: 'al@example.com', text: '' }, 'text'],
    ['a text over 5000 characters', { name: 'Al', email: 'al@example.com', text: 'x'.repeat(5001) }, 'text'],
    ['a name over 100 characters', { name: 'A'.repeat(101), email: 'al@example.com', text: 'Hi' }, 'name'],
    ['a number for the text', { name: 'Al', email: 'al@example.com', text: 42 }, 'text'],
  ])('refuses %s with 400 and the field named', async (_label, body, field) => {
    const before = (await storedMessages()).length;
    const res = await server.request('POST', '/api/contact/SendContactEmail', { body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.fieldErrors).toHaveProperty(field);
    expect((await storedMessages()).length).toBe(before);
  });

  it('refuses unknown fields', async () => {
    const res = await server.request('POST', '/api/contact/SendContactEmail', {
      body: { name: 'Al', email: 'al@example.com', text: 'Hi', isAdmin: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('Unknown field: isAdmin.');
  });
});

describe('contact rate limit', () => {
  it('answers 429 with retry-after after 5 messages from one address', async () => {
    await limiter.reset('contact-ip:127.0.0.1');
    const body = { name: 'Al', email: 'al@example.com', text: 'Hello there' };
    for (let i = 0; i < 5; i++) {
      expect((await server.request('POST', '/api/contact/SendContactEmail', { body })).status).toBe(200);
    }
    const res = await server.request('POST', '/api/contact/SendContactEmail', { body });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    await limiter.reset('contact-ip:127.0.0.1');
  });
});

describe('contact mail outage', () => {
  it('still stores the message and answers success when the mailer fails', async () => {
    isMailDown = true;
    try {
      const res = await server.request('POST', '/api/contact/SendContactEmail', {
        body: { name: 'Al', email: 'al@example.com', text: 'Is anyone there?' },
      });
      expect(res.status).toBe(200);
      expect((await storedMessages()).map((m) => m.text)).toContain('Is anyone there?');
      expect((await mailsOfKind('contact')).some((m) => m.text.includes('Is anyone there?'))).toBe(false);
    } finally {
      isMailDown = false;
    }
  });
});

describe('GET /api/site/config', () => {
  it('answers the configured price and handling fee in dollars', async () => {
    const res = await server.request('GET', '/api/site/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ planPrice: 15.5, handlingFee: 3.5 });
  });
});
