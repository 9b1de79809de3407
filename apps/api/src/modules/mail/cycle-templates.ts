import { displayOrderNumber, plannedCycleDates } from '@store/contracts';
import type { Mail } from './mailer.ts';

/** The membership cycle's mails (issue 6): each is sent once per cycle or attempt by the sweeper. */

const BRAND = 'Sample First';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function dateOf(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

function mail(kind: string, to: string, subject: string, lines: string[]): Mail {
  return {
    kind,
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${BRAND}`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>${BRAND}</p>`,
  };
}

export function renewalReminderMail(to: string, billingAt: Date, totalCents: number, webUrl: string): Mail {
  return mail('renewal-reminder', to, 'Your next box is coming up', [
    `Your membership renews on ${dateOf(billingAt)}; we will charge your saved card about ${dollars(totalCents)}.`,
    `To change the schedule, skip a box or pause, visit ${webUrl}/frequency before then.`,
  ]);
}

export function renewalReceiptMail(
  to: string,
  orderNumber: string,
  totalCents: number,
  last4: string | null,
  /** The box's prime picks, named with brand and flavor, and when the cycle was billed. */
  box?: { samples: string[]; billedAt: Date },
): Mail {
  const dates = box ? plannedCycleDates(box.billedAt) : undefined;
  return mail('renewal-receipt', to, `Receipt for your box ${displayOrderNumber(orderNumber)}`, [
    `Thank you! We charged ${dollars(totalCents)}${last4 ? ` to your card ending in ${last4}` : ''} for order ${displayOrderNumber(orderNumber)}.`,
    ...(box?.samples.length ? [`Your prime picks for this box: ${box.samples.join('; ')}.`] : []),
    dates
      ? `Choose your other 2 samples by ${dateOf(new Date(dates.buildDeadline))}; after that we choose them for you. Your box is expected to ship on ${dateOf(new Date(dates.expectedShipDate))}.`
      : 'You have 3 days to choose 2 samples for this box; after that we choose them for you.',
  ]);
}

export function paymentFailedMail(to: string, retryAt: Date | null, webUrl: string): Mail {
  return mail('payment-failed', to, 'We could not charge your card', [
    retryAt
      ? `Your card was declined. We will try again on ${dateOf(retryAt)}.`
      : 'Your card was declined, and the bank asks us not to try this card again.',
    `Please update your card at ${webUrl}/billing so your next box can ship.`,
  ]);
}

export function membershipCanceledMail(to: string, webUrl: string): Mail {
  return mail('membership-canceled', to, 'Your membership was canceled', [
    'We could not charge your card after several tries, so your membership is canceled.',
    `You can restart it any time from ${webUrl}/membership.`,
  ]);
}

/** The last renewal retry failed and the store is set to skip that box (docs/payments.md#failed-renewal-policy). */
export function boxSkippedUnpaidMail(to: string, nextBillingAt: Date, webUrl: string): Mail {
  return mail('box-skipped-unpaid', to, 'We skipped this box', [
    'We could not charge your card after several tries, so this box will not be sent and you were not charged for it.',
    `Your membership continues: we will try your card again for the next box on ${dateOf(nextBillingAt)}. Please update your card at ${webUrl}/billing before then.`,
  ]);
}

/** The last renewal retry failed and the store is set to pause the membership. */
export function membershipPausedUnpaidMail(to: string, resumesAt: Date, webUrl: string): Mail {
  return mail('membership-paused-unpaid', to, 'Your membership is paused', [
    'We could not charge your card after several tries, so this box will not be sent and your membership is paused. You were not charged.',
    `It resumes by itself on ${dateOf(resumesAt)}. To resume sooner, update your card at ${webUrl}/billing and resume from ${webUrl}/frequency.`,
  ]);
}

/** The member canceled: what stopped, what still ships, and how to come back. */
export function cancelConfirmationMail(
  to: string,
  canceledAt: Date,
  box: 'none' | 'to-ship' | 'on-its-way',
  webUrl: string,
): Mail {
  const boxLine = {
    none: 'You have no paid box waiting to ship.',
    'to-ship':
      'The box you have already paid for still ships; we will email its tracking number when it leaves.',
    'on-its-way': 'The box you have already paid for is on its way and will still arrive.',
  }[box];
  return mail('membership-canceled-by-member', to, 'Your membership is canceled', [
    `As you asked, we canceled your Sample First membership on ${dateOf(canceledAt)}. There will be no more renewals and no more charges.`,
    boxLine,
    `Changed your mind? Restart any time at ${webUrl}/membership. Your quiz answers, reviews and unlocked products are kept.`,
  ]);
}

function trackingLine(trackingNumber: string | undefined): string[] {
  return trackingNumber ? [`Tracking number: ${trackingNumber}`] : [];
}

export function boxShippedMail(to: string, orderNumber: string, trackingNumber?: string): Mail {
  return mail('box-shipped', to, 'Your box is on its way', [
    `Your box (order ${displayOrderNumber(orderNumber)}) has shipped. Enjoy your samples and tell us what you think!`,
    ...trackingLine(trackingNumber),
  ]);
}

/** A cart order of full-size tubs left the warehouse (the back office's cart fulfillment). */
export function tubsShippedMail(to: string, orderNumber: string, trackingNumber: string): Mail {
  return mail('order-shipped', to, 'Your order is on its way', [
    `Your order ${displayOrderNumber(orderNumber)} has shipped.`,
    ...trackingLine(trackingNumber),
  ]);
}

export function issueReportMail(to: string, from: string, orderId: string | null, text: string): Mail {
  return mail('issue-report', to, `Box issue reported by ${from}`, [
    `Member: ${from}`,
    `Order: ${orderId ?? 'none'}`,
    text,
  ]);
}
