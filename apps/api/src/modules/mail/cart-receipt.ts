import { displayOrderNumber } from '@store/contracts';
import type { Mail } from './mailer.ts';
import { escapeHtml } from './templates.ts';

/*
 * The shop order's receipt (issue 7 item 4): every line with its quantity and member price, the
 * coupon's discount, shipping, handling, tax and the total, and where to see the order. Sent once
 * per paid cart order (the checkout's outbox). Every value put into HTML is escaped.
 */

const BRAND = 'Sample First';

export interface CartReceipt {
  to: string;
  orderNumber: string;
  orderUrl: string;
  shopUrl: string;
  lines: { title: string; quantity: number; lineCents: number; lineListCents: number }[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  handlingFeeCents: number;
  taxCents: number;
  totalCents: number;
  last4: string | null;
  shipTo: string | null;
}

export function usd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

export function cartReceiptMail(receipt: CartReceipt): Mail {
  const number = displayOrderNumber(receipt.orderNumber);
  const rows: [string, string][] = [
    ...receipt.lines.map((l): [string, string] => [`${l.title} x${l.quantity}`, usd(l.lineCents)]),
    ['Subtotal', usd(receipt.subtotalCents)],
    ...(receipt.discountCents > 0
      ? [
          [
            `Coupon${receipt.couponCode ? ` ${receipt.couponCode}` : ''}`,
            `-${usd(receipt.discountCents)}`,
          ] as [string, string],
        ]
      : []),
    ['Shipping', 'Free'],
    ['Handling fee', usd(receipt.handlingFeeCents)],
    ['Tax', usd(receipt.taxCents)],
    ['Total (USD)', usd(receipt.totalCents)],
    ...(receipt.last4 ? [['Paid with', `Card ending with ${receipt.last4}`] as [string, string]] : []),
  ];
  const heading = 'Thank you for your order!';
  const intro = `Your order ${number} is confirmed. We will email you again when your tubs ship.`;
  const shipTo = receipt.shipTo ? `Shipping to: ${receipt.shipTo}` : '';
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 0;color:#5b524c">${escapeHtml(label)}</td><td style="padding:6px 0;text-align:right;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px 12px;background:#fff6ee;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f1a17">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px" cellpadding="0" cellspacing="0">
<tr><td style="background:#f26b1d;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:800;border-radius:12px 12px 0 0">${BRAND}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(intro)}</p>
${shipTo ? `<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(shipTo)}</p>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #eadfd6;margin:8px 0 24px">${table}</table>
<p style="margin:0"><a href="${escapeHtml(receipt.orderUrl)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#f26b1d;color:#ffffff;font-weight:700;text-decoration:none">View your order</a></p>
</td></tr></table>
</body></html>`;
  const text = [
    BRAND,
    '',
    heading,
    '',
    intro,
    ...(shipTo ? ['', shipTo] : []),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `View your order: ${receipt.orderUrl}`,
    `Keep shopping: ${receipt.shopUrl}`,
    '',
  ].join('\n');
  return {
    kind: 'cart-receipt',
    to: receipt.to,
    subject: `${BRAND} order ${number} is confirmed`,
    html,
    text,
  };
}

/**
 * A second charge of one shop order (two tabs racing past every guard, a late webhook) is
 * refunded in full (docs/reliability.md#c11); the member is told plainly.
 */
export function cartRefundedMail(input: {
  to: string;
  orderNumber: string;
  amountCents: number;
  orderUrl: string;
}): Mail {
  const number = displayOrderNumber(input.orderNumber);
  const heading = 'A duplicate payment was refunded';
  const body = `Your order ${number} was already paid, so we refunded a second payment of ${usd(input.amountCents)} to your card. Banks take 5-10 business days to show it. Your order itself is unchanged.`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px 12px;background:#fff6ee;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f1a17">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px" cellpadding="0" cellspacing="0">
<tr><td style="background:#f26b1d;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:800;border-radius:12px 12px 0 0">${BRAND}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(body)}</p>
<p style="margin:0"><a href="${escapeHtml(input.orderUrl)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#f26b1d;color:#ffffff;font-weight:700;text-decoration:none">View your order</a></p>
</td></tr></table>
</body></html>`;
  const text = [BRAND, '', heading, '', body, '', `View your order: ${input.orderUrl}`, ''].join('\n');
  return { kind: 'order-refunded', to: input.to, subject: `${BRAND}: ${heading.toLowerCase()}`, html, text };
}
