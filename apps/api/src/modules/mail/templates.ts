import type { Mail } from './mailer.ts';

/**
 * The store's emails, each with an HTML and a plain-text part. Every value put into HTML is
 * escaped; links are absolute (built from PUBLIC_URL by the caller). Marketing mails go through
 * `marketingMail`, which cannot be called without an unsubscribe link (CAN-SPAM).
 */

const BRAND = 'Sample First';
const ORANGE = '#f26b1d';
const ORANGE_DARK = '#d9480f';
const INK = '#1f1a17';
const CREAM = '#fff6ee';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only http(s) links reach a mail; anything else would be a way to smuggle a script URL. */
function safeHref(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error('Mail links must be http(s).');
  return escapeHtml(parsed.toString());
}

interface Layout {
  /** Shown in the inbox list under the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Small print under the button (plain text, escaped). */
  footnote?: string;
  unsubscribeUrl?: string;
}

function renderHtml(layout: Layout): string {
  const paragraphs = layout.paragraphs
    .map(
      (p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK}">${escapeHtml(p)}</p>`,
    )
    .join('\n');
  const button = layout.button
    ? `<p style="margin:24px 0"><a href="${safeHref(layout.button.url)}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:${ORANGE};background-image:linear-gradient(90deg,#ff9a3c,${ORANGE} 55%,${ORANGE_DARK});color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(layout.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#5b524c">If the button does not work, copy this link into your browser:<br><a href="${safeHref(layout.button.url)}" style="color:${ORANGE_DARK};word-break:break-all">${escapeHtml(layout.button.url)}</a></p>`
    : '';
  const footnote = layout.footnote
    ? `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#5b524c">${escapeHtml(layout.footnote)}</p>`
    : '';
  const unsubscribe = layout.unsubscribeUrl
    ? `<p style="margin:8px 0 0">You receive this email because you have an account with ${BRAND}. <a href="${safeHref(layout.unsubscribeUrl)}" style="color:${ORANGE_DARK}">Unsubscribe</a></p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(layout.heading)}</title></head>
<body style="margin:0;padding:0;background:${CREAM};font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(layout.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${CREAM}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${ORANGE};background-image:linear-gradient(90deg,#ff9a3c,${ORANGE} 55%,${ORANGE_DARK});padding:20px 28px;color:#ffffff;font-size:22px;font-weight:800;letter-spacing:0.5px">${BRAND}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:${INK}">${escapeHtml(layout.heading)}</h1>
${paragraphs}
${button}
${footnote}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #eadfd6;font-size:12px;line-height:18px;color:#5b524c">
<p style="margin:0">${BRAND} · Protein-powder samples, delivered in the U.S.</p>
${unsubscribe}
</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
}

function renderText(layout: Layout): string {
  const lines = [BRAND, '', layout.heading, '', ...layout.paragraphs.flatMap((p) => [p, ''])];
  if (layout.button) lines.push(`${layout.button.label}: ${layout.button.url}`, '');
  if (layout.footnote) lines.push(layout.footnote, '');
  lines.push('--', `${BRAND} · Protein-powder samples, delivered in the U.S.`);
  if (layout.unsubscribeUrl) lines.push(`Unsubscribe: ${layout.unsubscribeUrl}`);
  return `${lines.join('\n')}\n`;
}

function mail(kind: string, to: string, subject: string, layout: Layout): Mail {
  return { kind, to, subject, html: renderHtml(layout), text: renderText(layout) };
}

/** Wraps a marketing mail: it always carries the unsubscribe link. */
function marketingMail(
  kind: string,
  to: string,
  subject: string,
  layout: Layout & { unsubscribeUrl: string },
): Mail {
  if (!layout.unsubscribeUrl) throw new Error('A marketing mail needs an unsubscribe link.');
  return mail(kind, to, subject, layout);
}

/** The link of `/verification/{code}/{userId}`, sent after sign-up. */
export function verificationMail(to: string, link: string): Mail {
  return mail('verify-email', to, `Verify your email for ${BRAND}`, {
    preheader: 'One click and your account is ready.',
    heading: 'Please verify your email address',
    paragraphs: [
      `Thanks for signing up with ${BRAND}! Confirm that this is your email address and your account is ready.`,
    ],
    button: { label: 'Verify my email', url: link },
    footnote:
      'This link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
  });
}

/** The link of `/reset-password?token=...&email=...`. */
export function resetPasswordMail(to: string, link: string): Mail {
  return mail('reset-password', to, `Reset your ${BRAND} password`, {
    preheader: 'Choose a new password.',
    heading: 'Reset your password',
    paragraphs: [
      'Someone (hopefully you) asked to reset the password of your account. Choose a new one here:',
    ],
    button: { label: 'Choose a new password', url: link },
    footnote:
      'This link works once and expires in 30 minutes. If you did not ask for it, ignore this email: your password stays the same.',
  });
}

/** Sent instead of a second account when someone signs up with a known address (no enumeration). */
export function alreadyRegisteredMail(to: string, links: { login: string; forgotPassword: string }): Mail {
  return mail('already-registered', to, `You already have a ${BRAND} account`, {
    preheader: 'Log in with your existing account.',
    heading: 'You already have an account',
    paragraphs: [
      'Someone tried to sign up with this email address, but it already has an account. Log in with it instead.',
      `Forgot your password? Reset it here: ${links.forgotPassword}`,
    ],
    button: { label: 'Log in', url: links.login },
    footnote: 'If this was not you, you can ignore this email; nothing has changed.',
  });
}

/** Marketing: the welcome after the address is verified. */
export function welcomeMail(
  to: string,
  links: { quiz: string; unsubscribe: string },
  firstName?: string | null,
): Mail {
  return marketingMail('welcome', to, `Welcome to ${BRAND}!`, {
    preheader: 'Sample first, never guess again.',
    heading: firstName ? `Welcome, ${firstName}!` : 'Welcome!',
    paragraphs: [
      'Your account is ready. Take the quiz and we will match you with protein powders you can sample before you buy a tub.',
      'Every box holds 4 single-serving samples: 2 you choose and 2 power picks from us. Members save 25-50% on full-size tubs.',
    ],
    button: { label: 'Take the quiz', url: links.quiz },
    unsubscribeUrl: links.unsubscribe,
  });
}

/**
 * A shop order paid after its stock hold had expired, when the tubs had sold out meanwhile: the
 * payment is refunded in full (docs/reliability.md#c11).
 */
export function soldOutRefundMail(
  to: string,
  order: { number: string; amount: string; products: string[]; orderUrl: string; shopUrl: string },
): Mail {
  const what = order.products.length > 0 ? order.products.join(', ') : 'Your tubs';
  return mail(
    'order-sold-out-refunded',
    to,
    `Your order ${order.number} sold out: we refunded ${order.amount}`,
    {
      preheader: `We refunded ${order.amount} to your card.`,
      heading: 'Sorry, your tubs sold out',
      paragraphs: [
        `${what} sold out while your payment for order ${order.number} was still completing, so we could not keep your order.`,
        `We refunded the whole payment of ${order.amount} to your card. Banks take 5-10 business days to show it. Nothing else was charged.`,
        'Your cart is open again, so you can choose something else.',
      ],
      button: { label: 'Back to the shop', url: order.shopUrl },
      footnote: `Order ${order.number}: ${order.orderUrl}`,
    },
  );
}
