import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAIL_PREVIEWS, PREVIEW_ORDER_NUMBER } from '../system/mail-previews.ts';
import { verificationMail, welcomeMail } from './account.mail.tsx';
import { boxShippedMail } from './cycle.mail.tsx';
import { safeUrl } from './layout.tsx';

const PUBLIC_URL = 'https://store.example';
const sample = { publicUrl: PUBLIC_URL, name: 'Organic Plant Protein' };

/** Every href of the HTML part, unescaped. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

describe('every mail the store sends, in the one layout', () => {
  it('covers every kind the store sends', () => {
    expect(new Set(MAIL_PREVIEWS.map((p) => p.kind))).toEqual(
      new Set([
        'verify-email',
        'reset-password',
        'login-link',
        'already-registered',
        'welcome',
        'order-confirmation',
        'renewal-receipt',
        'cart-receipt',
        'renewal-reminder',
        'payment-confirmation',
        'payment-failed',
        'box-skipped-unpaid',
        'membership-paused-unpaid',
        'membership-canceled',
        'membership-canceled-by-member',
        'box-shipped',
        'order-shipped',
        'order-refunded',
        'order-sold-out-refunded',
        'referral-reward',
        'contact',
        'partner-request',
        'issue-report',
        // The member's own steering (docs/product.md#steering-your-membership).
        'prime-pick-swapped',
        'next-box-moved',
        'next-box-sent-now',
        'next-box-extra-added',
        'next-box-extra-removed',
        'next-box-extra-left-out',
        'cancel-offer-accepted',
        // The tub plans (docs/product.md#tub-plans).
        'tub-plan-launch',
        'tub-plan-choose-reminder',
        'tub-plan-pre-order-refunded',
        'tub-plan-receipt',
        'tub-plan-reminder',
        'tub-plan-payment-failed',
        'tub-plan-canceled',
        'tub-plan-skipped-unpaid',
        'tub-plan-unavailable',
      ]),
    );
  });

  it('previews every mail a module renders (a new template without a preview fails here)', async () => {
    const modules = fileURLToPath(new URL('..', import.meta.url));
    const rendered = new Set<string>();
    for (const file of await readdir(modules, { recursive: true })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const source = await readFile(join(modules, file), 'utf8');
      for (const m of source.matchAll(/renderMail\(\s*\{\s*kind: '([a-z-]+)'/g)) rendered.add(m[1]!);
    }
    expect(rendered.size).toBeGreaterThan(20);
    const previewed = new Set(MAIL_PREVIEWS.map((p) => p.kind));
    expect([...rendered].filter((kind) => !previewed.has(kind))).toEqual([]);
  });

  it('previews the "Applied:" mail of every cancel offer kind', () => {
    const titles = MAIL_PREVIEWS.filter((p) => p.kind === 'cancel-offer-accepted').map((p) => p.title);
    for (const kind of ['new_brands', 'half_price_box', 'replacement_box', 'pause_two_boxes']) {
      expect(titles.some((t) => t.includes(`(${kind})`))).toBe(true);
    }
  });

  for (const preview of MAIL_PREVIEWS) {
    it(`${preview.title}: HTML and text parts, the wordmark, one call to action, the footer`, async () => {
      const mail = await preview.render(sample);
      expect(mail.kind).toBe(preview.kind);
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).toMatch(/^<!DOCTYPE html/i);
      // Rendered by React's static renderer: the stream renderer's markers would mean its
      // AsyncLocalStorage ran, which slows every later request (docs/performance.md#a-mail-slowed-every-request).
      expect(mail.html).not.toMatch(/<!--(\$|\/\$| )-->/);
      expect(mail.html).toContain('Sample First');
      expect(mail.text).toContain('Sample First');
      expect(mail.text).not.toMatch(/<(p|a|table|td|div|span|br|h1|img)\b/i);
      // One button: the layout's CTA, repeated once as a plain link under it.
      const buttons = mail.html.match(/<a[^>]*padding:14px 28px/g) ?? [];
      expect(buttons).toHaveLength(1);
      const cta = /<a href="([^"]*)"[^>]*padding:14px 28px/.exec(mail.html)![1]!.replace(/&amp;/g, '&');
      expect(cta).toMatch(/^(https:\/\/store\.example\/|mailto:)/);
      expect(mail.text).toContain(cta.replace(/^mailto:/, ''));
      if (preview.orderNumber) {
        expect(mail.html).toContain(PREVIEW_ORDER_NUMBER);
        expect(mail.text).toContain(PREVIEW_ORDER_NUMBER);
      }
      const unsubscribe = hrefs(mail.html).filter((h) => h.includes('/unsubscribe/'));
      if (preview.marketing) {
        expect(unsubscribe).toEqual([
          expect.stringMatching(/^https:\/\/store\.example\/unsubscribe\/[\w.-]+$/),
        ]);
        expect(mail.text).toContain(unsubscribe[0]!);
      } else {
        expect(unsubscribe).toEqual([]);
        expect(mail.text).not.toMatch(/unsubscribe/i);
      }
    });

    it(`${preview.title}: escapes what a person typed`, async () => {
      const mail = await preview.render({ ...sample, name: '<script>alert(1)</script>' });
      expect(mail.html).not.toContain('<script');
      if (preview.showsName) {
        expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(mail.text).toContain('<script>alert(1)</script>');
      }
    });
  }

  it('names every tub shipped in a box with its flavor and quantity, in the HTML and the text', async () => {
    const shipped = await boxShippedMail(
      'a@example.com',
      {
        orderNumber: '100042',
        orderId: 'o-1',
        items: ['Ironclad Whey Isolate, Vanilla Bean', 'Peak Form Casein, Cookies & Cream'],
        tubs: [{ name: '2 × Verdant Roots Plant Protein, Dark Chocolate', image: `${PUBLIC_URL}/t.svg` }],
        trackingNumber: '1Z999AA10123456784',
      },
      PUBLIC_URL,
    );
    for (const part of [shipped.html, shipped.text]) {
      expect(part).toContain('Samples in your box');
      expect(part).toContain('Full-size tubs in your box');
      expect(part).toContain('2 × Verdant Roots Plant Protein, Dark Chocolate');
    }
    // The tubs come after the samples, under their own heading.
    expect(shipped.text.indexOf('Full-size tubs in your box')).toBeGreaterThan(
      shipped.text.indexOf('Peak Form Casein'),
    );
    const plain = await boxShippedMail(
      'a@example.com',
      { orderNumber: '100042', orderId: 'o-1', items: ['Ironclad Whey Isolate, Vanilla Bean'] },
      PUBLIC_URL,
    );
    expect(plain.text).not.toContain('Full-size tubs');
    const replacement = await boxShippedMail(
      'a@example.com',
      {
        orderNumber: '100042',
        orderId: 'o-1',
        items: ['Ironclad Whey Isolate, Vanilla Bean'],
        replacement: true,
      },
      PUBLIC_URL,
    );
    expect(replacement.subject).toBe('Your replacement box #00042 is on its way');
    expect(replacement.text).toContain('at no charge');
  });

  it('refuses script URLs and keeps query strings of links intact', async () => {
    expect(() => safeUrl('javascript:alert(1)')).toThrow('Mail links must be http(s) or mailto.');
    await expect(verificationMail('a@example.com', 'javascript:alert(1)')).rejects.toThrow();
    const reset = await MAIL_PREVIEWS.find((p) => p.kind === 'reset-password')!.render(sample);
    expect(reset.html).toContain('href="https://store.example/reset-password?token=sample-token&amp;email=');
    expect(reset.text).toContain('https://store.example/reset-password?token=sample-token&email=');
  });

  it('gives the welcome mail its news-and-offers paragraph and unsubscribe link only when asked for', async () => {
    const quiz = `${PUBLIC_URL}/take-quiz/1`;
    const plain = await welcomeMail('a@example.com', { quiz }, 'Ann');
    const opted = await welcomeMail(
      'a@example.com',
      { quiz, unsubscribe: `${PUBLIC_URL}/unsubscribe/t.1.s` },
      'Ann',
    );
    expect(plain.text).not.toContain('news and offers');
    expect(opted.text).toContain('news and offers');
    expect(opted.text).toContain(`${PUBLIC_URL}/unsubscribe/t.1.s`);
  });
});
