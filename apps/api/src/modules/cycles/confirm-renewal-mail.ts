import type { Mail } from '../mail/mailer.ts';

/** The page where a member confirms a renewal their bank wants to authenticate (web: /membership/confirm-payment). */
export const CONFIRM_PAYMENT_PATH = '/membership/confirm-payment';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** docs/reliability.md#d6: the renewal needs the member present; the mail links to the on-session confirm page. */
export function confirmPaymentMail(to: string, amountCents: number, webUrl: string): Mail {
  const link = `${webUrl}${CONFIRM_PAYMENT_PATH}`;
  const lines = [
    `Your bank wants you to confirm this month's payment of $${(amountCents / 100).toFixed(2)} before we can charge your card.`,
    `Please confirm it at ${link} so your next box can be built. We will not try the card again until you do.`,
  ];
  return {
    kind: 'payment-confirmation',
    to,
    subject: 'Please confirm your membership payment',
    text: `${lines.join('\n\n')}\n\nSample First`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(link)}">Confirm payment</a></p><p>Sample First</p>`,
  };
}
