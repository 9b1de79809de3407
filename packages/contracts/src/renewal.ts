import { DELIVERY_SCHEDULE_DAYS, formatUsd } from './constants.ts';

/*
 * The renewal a checkout states before the card is charged (docs/product.md#the-renewal-said-before-paying).
 * Its own module: only the two checkouts and the server use it, so the pages that load the
 * membership's other names (login, sign-up) do not carry it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first renewal of a membership whose first box is paid at `paidAt` on schedule
 * `scheduleIndex`: that moment plus 30, 45 or 60 whole days (docs/product.md#membership-cycle).
 * The server starts a membership with this date; the checkout says it before the card is charged.
 */
export function firstRenewalDate(paidAt: Date, scheduleIndex: number): Date {
  const days = DELIVERY_SCHEDULE_DAYS[scheduleIndex];
  if (days === undefined) throw new Error(`no delivery schedule ${scheduleIndex}`);
  return new Date(paidAt.getTime() + days * DAY_MS);
}

/** What the next renewal charges and when, as the checkout's renewal line says it. */
export interface RenewalTerms {
  /** The renewal's billing date (a Date or an ISO string). */
  date: Date | string;
  /** The plan price and the handling fee, in cents; tax is added by the shipping state. */
  priceCents: number;
  handlingFeeCents: number;
  /** Days between boxes after that one. */
  everyDays: number;
}

/**
 * "Next box December 27: $14.00 + $2.99 handling + tax, then every 45 days": the renewal said
 * beside Confirm order (docs/product.md#the-renewal-said-before-paying). The day is the UTC
 * calendar day, as on Membership.
 */
export function renewalNotice(terms: RenewalTerms): string {
  const day = new Date(terms.date).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return `Next box ${day}: ${formatUsd(terms.priceCents)} + ${formatUsd(terms.handlingFeeCents)} handling + tax, then every ${terms.everyDays} days`;
}
