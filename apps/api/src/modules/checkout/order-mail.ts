import {
  DELIVERY_SCHEDULE_DAYS,
  displayOrderNumber,
  formatMembershipDate,
  type Order,
  plannedCycleDates,
  productName,
} from '@store/contracts';
import type { Mail } from '../mail/mailer.ts';

/*
 * The mails of a paid order: the confirmation (with the invoice lines the thank-you page
 * promises, "Check your email for the invoice.") and the notice of a refund. Every value put into
 * HTML is escaped.
 */

const BRAND = 'Sample First';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function usd(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}

function layout(
  heading: string,
  paragraphs: string[],
  table: [string, string][],
  link: { label: string; url: string },
) {
  const rows = table
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 0;color:#5b524c">${escapeHtml(label)}</td><td style="padding:6px 0;text-align:right;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px 12px;background:#fff6ee;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f1a17">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px" cellpadding="0" cellspacing="0">
<tr><td style="background:#f26b1d;background-image:linear-gradient(90deg,#ff9a3c,#f26b1d 55%,#d9480f);padding:20px 28px;color:#ffffff;font-size:22px;font-weight:800;border-radius:12px 12px 0 0">${BRAND}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(p)}</p>`).join('\n')}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #eadfd6;margin:8px 0 24px">${rows}</table>
<p style="margin:0"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#f26b1d;color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(link.label)}</a></p>
</td></tr></table>
</body></html>`;
  const text = [
    BRAND,
    '',
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...table.map(([label, value]) => `${label}: ${value}`),
    '',
    `${link.label}: ${link.url}`,
    '',
  ].join('\n');
  return { html, text };
}

/** The order's lines and totals, as the invoice part of both mails. */
function invoiceLines(order: Order): [string, string][] {
  const lines: [string, string][] = [];
  if (order.kind === 'pre_order') {
    lines.push(['Pre-Order x1', usd(order.price)]);
  } else {
    lines.push(['Discover Plan: box of 4 samples', usd(order.price)]);
    for (const item of order.items) {
      const pick = item.isPrimePick ? ' (prime pick)' : '';
      lines.push([
        `Sample: ${item.brandName ? `${item.brandName} ` : ''}${productName(item)}${pick}`,
        item.price > 0 ? usd(item.price) : 'Included',
      ]);
    }
  }
  lines.push(['Shipping', 'Free'], ['Handling fee', usd(order.handlingFee)], ['Tax', usd(order.taxAmount)]);
  if (order.storeCredit > 0) lines.push(['Store credit', `-${usd(order.storeCredit)}`]);
  lines.push(['Total (USD)', usd(order.total)]);
  if (order.last4Digits) lines.push(['Paid with', `Card ending with ${order.last4Digits}`]);
  return lines;
}

/** The first box's next steps with their dates, counted from the payment. */
export function whatHappensNext(order: Pick<Order, 'datePaid' | 'dateCreated' | 'items'>): string[] {
  const dates = plannedCycleDates(order.datePaid ?? order.dateCreated);
  const deadline = formatMembershipDate(dates.buildDeadline);
  const chosen = order.items.filter((i) => !i.isPrimePick).length;
  const choose =
    chosen >= 2
      ? `you chose your 2 samples already and can change them until ${deadline}.`
      : `choose your 2 samples by ${deadline} (after that we choose them for you from your matches).`;
  return [
    `What happens next: ${choose} Your box is assembled from ${deadline} to ${formatMembershipDate(dates.assemblyEndDate)} and is expected to ship on ${formatMembershipDate(dates.expectedShipDate)}; we email you the tracking number when it ships.`,
  ];
}

/** Sent once when an order is paid (the outbox makes it once). */
export function orderConfirmationMail(order: Order, publicUrl: string): Mail {
  const number = displayOrderNumber(order.orderNumer);
  const isPreOrder = order.kind === 'pre_order';
  const days = order.deliverySchedule !== null ? DELIVERY_SCHEDULE_DAYS[order.deliverySchedule] : undefined;
  const paragraphs = isPreOrder
    ? [
        `Thank you for your pre-order of the ${order.items[0]?.title ?? 'tub plan'}! Tub plans launch in 2-3 months; we will email you before your first delivery ships.`,
      ]
    : [
        `Welcome to the Discover Plan! Order ${number} is paid. Your first box holds 4 samples: the 2 prime picks below, which we chose from your quiz, and 2 you choose in Build Your Box.`,
        ...whatHappensNext(order),
        days ? `Your boxes arrive every ${days} days. You can change the schedule or cancel any time.` : '',
      ].filter(Boolean);
  const link = isPreOrder
    ? { label: 'View your pre-order', url: `${publicUrl}/order-detail/${order.id}` }
    : { label: 'View your order', url: `${publicUrl}/thank-you/${order.id}` };
  const heading = isPreOrder
    ? `Thank you for your pre-order ${number}!`
    : `Your order ${number} has been placed`;
  const { html, text } = layout(heading, paragraphs, invoiceLines(order), link);
  return {
    kind: 'order-confirmation',
    to: order.identity.emailAddress,
    subject: `${BRAND} order ${number} is confirmed`,
    html,
    text,
  };
}

/** Sent when a payment had to be refunded because the order could not be completed (docs/reliability.md#c11). */
export function orderRefundedMail(order: Order, publicUrl: string): Mail {
  const heading = 'Your payment was refunded';
  const { html, text } = layout(
    heading,
    [
      `We could not complete order ${displayOrderNumber(order.orderNumer)}: your account already has an active membership. We refunded the whole payment to your card; banks take 5-10 business days to show it.`,
    ],
    invoiceLines(order),
    { label: 'Go to your membership', url: `${publicUrl}/membership` },
  );
  return {
    kind: 'order-refunded',
    to: order.identity.emailAddress,
    subject: `${BRAND}: ${heading.toLowerCase()}`,
    html,
    text,
  };
}
