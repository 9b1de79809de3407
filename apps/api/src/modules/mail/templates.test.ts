import { describe, expect, it } from 'vitest';
import {
  alreadyRegisteredMail,
  escapeHtml,
  resetPasswordMail,
  verificationMail,
  welcomeMail,
} from './templates.ts';

const VERIFY = 'https://store.example/verification/abc_DEF-123/5d1f0a2e-8c1b-4f7e-9a3d-2b6c8e0f1a47';
const RESET = 'https://store.example/reset-password?token=tok_123&email=a%40example.com';
const UNSUBSCRIBE = 'https://store.example/unsubscribe/5d1f0a2e-8c1b-4f7e-9a3d-2b6c8e0f1a47.1790000000.sig';

const all = [
  verificationMail('a@example.com', VERIFY),
  resetPasswordMail('a@example.com', RESET),
  alreadyRegisteredMail('a@example.com', {
    login: 'https://store.example/login',
    forgotPassword: 'https://store.example/forgot-password',
  }),
  welcomeMail(
    'a@example.com',
    { quiz: 'https://store.example/take-quiz/1', unsubscribe: UNSUBSCRIBE },
    'Ann',
  ),
];

describe('mail templates', () => {
  it('give every mail a subject, an HTML part in the orange brand and a text part', () => {
    for (const mail of all) {
      expect(mail.to).toBe('a@example.com');
      expect(mail.subject).toMatch(/Sample First/);
      expect(mail.html).toMatch(/^<!doctype html>/);
      expect(mail.html).toContain('#f26b1d');
      expect(mail.text).toContain('Sample First');
      expect(mail.text).not.toContain('<');
    }
    expect(all.map((m) => m.kind)).toEqual([
      'verify-email',
      'reset-password',
      'already-registered',
      'welcome',
    ]);
  });

  it('carry their links as working, escaped hrefs and as plain text', () => {
    expect(all[0]!.html).toContain(`href="${VERIFY}"`);
    expect(all[0]!.text).toContain(VERIFY);
    expect(all[1]!.html).toContain(
      'href="https://store.example/reset-password?token=tok_123&amp;email=a%40example.com"',
    );
    expect(all[1]!.text).toContain(RESET);
    expect(all[2]!.html).toContain('href="https://store.example/login"');
    expect(all[2]!.text).toContain('https://store.example/forgot-password');
  });

  it('put the unsubscribe link in the marketing mail only', () => {
    const [verify, reset, already, welcome] = all;
    expect(welcome!.html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(welcome!.text).toContain(`Unsubscribe: ${UNSUBSCRIBE}`);
    for (const mail of [verify!, reset!, already!]) expect(mail.text).not.toContain('Unsubscribe');
    expect(() =>
      welcomeMail('a@example.com', { quiz: 'https://store.example/take-quiz/1', unsubscribe: '' }),
    ).toThrow();
  });

  it('escape what a person typed and refuse script URLs', () => {
    const mail = welcomeMail(
      'a@example.com',
      { quiz: 'https://store.example/take-quiz/1', unsubscribe: UNSUBSCRIBE },
      '<img src=x onerror=alert(1)>',
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(() => verificationMail('a@example.com', 'javascript:alert(1)')).toThrow(
      'Mail links must be http(s).',
    );
    expect(escapeHtml(`"'&<>`)).toBe('&quot;&#39;&amp;&lt;&gt;');
  });
});
