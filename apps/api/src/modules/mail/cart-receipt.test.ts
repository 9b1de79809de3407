import { describe, expect, it } from 'vitest';
import { cartReceiptMail, usd } from './cart-receipt.mail.tsx';

const receipt = {
  to: 'ada@example.com',
  orderNumber: '10000123',
  orderUrl: 'http://store.test/thank-you/o1',
  shopUrl: 'http://store.test/shop',
  lines: [
    { title: 'Whey <Chocolate> & Co', quantity: 2, lineCents: 8448, lineListCents: 12998 },
    { title: 'Plant Vanilla', quantity: 1, lineCents: 3374, lineListCents: 4499 },
  ],
  subtotalCents: 11822,
  discountCents: 1182,
  couponCode: 'WELCOME10',
  handlingFeeCents: 299,
  taxCents: 684,
  totalCents: 11623,
  last4: '4242',
  shipTo: 'Ada Lovelace, 1 Congress Ave, Austin, TX 78701',
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('cart receipt mail', () => {
  it('lists every line with its quantity, the coupon, shipping, handling, tax and the total', async () => {
    const mail = await cartReceiptMail(receipt);
    expect(mail.kind).toBe('cart-receipt');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toContain('#00123');
    // The text part keeps each receipt row on one line: label, then amount.
    for (const [label, amount] of [
      ['Whey <Chocolate> & Co x2', '$84.48'],
      ['Plant Vanilla x1', '$33.74'],
      ['Subtotal', '$118.22'],
      ['Coupon WELCOME10', '-$11.82'],
      ['Shipping', 'Free'],
      ['Handling fee', '$2.99'],
      ['Tax', '$6.84'],
      ['Total (USD)', '$116.23'],
    ]) {
      expect(mail.text.split('\n')).toContainEqual(
        expect.stringMatching(new RegExp(`^${escapeRegExp(label!)} +${escapeRegExp(amount!)}$`)),
      );
    }
    expect(mail.text).toContain('Paid with the card ending in 4242.');
    expect(mail.text).toContain('View my order http://store.test/thank-you/o1');
    expect(mail.html).toContain('Order <strong style="color:#1f1a17">#00123</strong>');
  });

  it('escapes what goes into HTML and leaves out an absent coupon', async () => {
    const mail = await cartReceiptMail({ ...receipt, discountCents: 0, couponCode: null });
    expect(mail.html).toContain('Whey &lt;Chocolate&gt; &amp; Co x2');
    expect(mail.html).not.toContain('<Chocolate>');
    expect(mail.text).not.toContain('Coupon');
  });

  it('formats cents as dollars', () => {
    expect(usd(5)).toBe('$0.05');
    expect(usd(123456)).toBe('$1234.56');
  });
});
