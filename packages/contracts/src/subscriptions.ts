import { z } from 'zod';
import { DELIVERY_SCHEDULE_DAYS } from './constants.ts';

/*
 * The membership (docs/product.md#member-area, docs/product.md#membership-cycle). The wire shape is SubscriptionSchema in
 * accounts.ts (AuthInfo carries it); these are the names and rules both sides read it with.
 */

/** The one plan a membership is on (docs/product.md#price: one configured price). */
export const MEMBERSHIP_PLAN_NAME = 'Discover Plan';

/** The six stages of a cycle; `cycleStatus` is the 0-based index (docs/product.md#membership-cycle). */
export const CYCLE_STAGES = [
  'Billing',
  'Build Your Box',
  'Box Assembly',
  'Box Shipping',
  'Taste & Review',
  'Pick Tub',
] as const;

/** Index of the Build Your Box stage: where a paid cycle starts (docs/product.md#membership-cycle). */
export const BUILD_YOUR_BOX_STAGE = 1;

/** Days after billing the member has to choose 2 samples (docs/product.md#choosing-samples). */
export const BUILD_DEADLINE_DAYS = 3;

/** Days Box Assembly lasts after the build deadline (docs/product.md#membership-cycle). */
export const ASSEMBLY_DAYS = 5;

/** Days after the build deadline the box is expected to ship (assembly ends then). */
export const EXPECTED_SHIP_DAYS = ASSEMBLY_DAYS;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dates of one cycle as the member reads them: choose samples until the build deadline,
 * assembly from then until the expected ship date; once shipped, the real dates and tracking.
 */
export const CycleDatesSchema = z.object({
  /** The cycle's successful charge. */
  billedDate: z.string(),
  /** The end of Build Your Box: samples not chosen by then are chosen by the store. */
  buildDeadline: z.string(),
  /** Box Assembly runs from the build deadline to this date. */
  assemblyEndDate: z.string(),
  /** When the box is expected to ship (the actual date once it shipped). */
  expectedShipDate: z.string(),
  shippedDate: z.string().nullable(),
  deliveredDate: z.string().nullable(),
  /** The carrier's tracking number once the box shipped, if the store recorded one. */
  trackingNumber: z.string().nullable(),
});
export type CycleDates = z.infer<typeof CycleDatesSchema>;

/** The planned dates of a cycle billed at `billedAt` (the first box: when it was paid). */
export function plannedCycleDates(
  billedAt: Date | string,
): Pick<CycleDates, 'billedDate' | 'buildDeadline' | 'assemblyEndDate' | 'expectedShipDate'> {
  const start = new Date(billedAt).getTime();
  const deadline = start + BUILD_DEADLINE_DAYS * DAY_MS;
  const ship = deadline + EXPECTED_SHIP_DAYS * DAY_MS;
  return {
    billedDate: new Date(start).toISOString(),
    buildDeadline: new Date(deadline).toISOString(),
    assemblyEndDate: new Date(ship).toISOString(),
    expectedShipDate: new Date(ship).toISOString(),
  };
}

/** Membership statuses as stored. */
export const SubscriptionStatuses = ['active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SubscriptionStatuses)[number];

/** Status for people (`statusName`). */
export const SUBSCRIPTION_STATUS_NAMES: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Past Due',
  canceled: 'Canceled',
};

/** The membership page's words (docs/product.md#member-area). */
export const MembershipMessages = {
  notActive: 'Not Active',
  learnMore: 'Learn More',
  /** The way back to an unpaid first box (the quiz was taken, the checkout not finished). */
  finishFirstBox: 'Finish your first box',
  /** An unknown date. */
  unknownDate: 'TBD',
} as const;

/** "Every 30 days" for 30, 45 or 60. */
export function deliveryScheduleName(days: number): string {
  return `Every ${days} days`;
}

/** Days between deliveries for a schedule index (0, 1, 2), or undefined. */
export function scheduleDays(index: number): number | undefined {
  return DELIVERY_SCHEDULE_DAYS[index];
}

/** "March 14, 2027" for an ISO date, or "TBD" when there is none. */
export function formatMembershipDate(iso: string | null | undefined): string {
  if (!iso) return MembershipMessages.unknownDate;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MembershipMessages.unknownDate;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/*
 * The member's actions on the membership (docs/product.md#membership-cycle). All need a signed-in member: 401 without a
 * session, 409 `conflict` when the person has no membership the action applies to. Parameters
 * travel in the query as the spec writes them (`?deliveryDuration`, `?cancelReason`).
 */

/** Cancel reasons (docs/api-conventions.md#wire-shapes), by id. */
export const CANCEL_REASONS = [
  { id: 0, displayName: 'Not Enough Brands/Flavors' },
  { id: 1, displayName: 'Found Cheaper Prices' },
  { id: 2, displayName: 'Bad Experience' },
  { id: 3, displayName: 'No Longer Needed' },
] as const;

/** Days between boxes a member can choose (docs/api-conventions.md#errors: 30, 45 or 60; anything else is a 400). */
const deliveryDurationMessage = 'Please choose a delivery schedule of 30, 45 or 60 days.';

/** `POST /user/UpdateDeliverySchedule?deliveryDuration=30|45|60`: moves the next billing date, no charge. */
export const UpdateDeliveryScheduleQuerySchema = z.object({
  deliveryDuration: z.coerce
    .number({ message: deliveryDurationMessage })
    .int(deliveryDurationMessage)
    .refine((days) => (DELIVERY_SCHEDULE_DAYS as readonly number[]).includes(days), deliveryDurationMessage),
});
export type UpdateDeliveryScheduleQuery = z.infer<typeof UpdateDeliveryScheduleQuerySchema>;

const cancelReasonMessage = 'Please choose a reason for canceling.';

/** `POST /user/CancelSubscription?cancelReason=0..3`: stops future renewals; a second cancel changes nothing. */
export const CancelSubscriptionQuerySchema = z.object({
  cancelReason: z.coerce
    .number({ message: cancelReasonMessage })
    .int(cancelReasonMessage)
    .min(0, cancelReasonMessage)
    .max(CANCEL_REASONS.length - 1, cancelReasonMessage),
});
export type CancelSubscriptionQuery = z.infer<typeof CancelSubscriptionQuerySchema>;

/** Most cycles a pause can last; the membership resumes by itself after them. */
export const MAX_PAUSE_CYCLES = 3;
const pauseMessage = `Please choose to pause for 1 to ${MAX_PAUSE_CYCLES} boxes.`;

/**
 * A pause after "Skip next box" comes after the skipped box, and a whole break lasts at most
 * MAX_PAUSE_CYCLES boxes: what a longer request is told.
 */
export function pauseAfterSkipMessage(boxesLeft: number): string {
  return `Your next box is already skipped, so you can pause for up to ${boxesLeft} more ${boxesLeft === 1 ? 'box' : 'boxes'}.`;
}

/** `POST /user/PauseSubscription?cycles=1..3`: no box and no charge for that many cycles, then resumes. */
export const PauseSubscriptionQuerySchema = z.object({
  cycles: z.coerce
    .number({ message: pauseMessage })
    .int(pauseMessage)
    .min(1, pauseMessage)
    .max(MAX_PAUSE_CYCLES, pauseMessage),
});
export type PauseSubscriptionQuery = z.infer<typeof PauseSubscriptionQuerySchema>;

/*
 * `POST /user/SkipNextBox` (no box and no charge next cycle), `POST /user/ResumeSubscription`
 * (ends a pause or a skip), `POST /user/RestartSubscription` (a canceled member starts again
 * with the saved card; charged at once) take no parameters.
 */

/** `POST /membership/ReportIssue`: a problem with the box, stored and mailed to the store. */
export const ReportIssueBodySchema = z.object({
  text: z
    .string({ message: 'Please describe the issue.' })
    .trim()
    .min(10, 'Please describe the issue in at least 10 characters.')
    .max(1000, 'Please keep the description under 1000 characters.'),
});
export type ReportIssueBody = z.infer<typeof ReportIssueBodySchema>;

/** Snackbar messages of the member pages. */
export const SubscriptionMessages = {
  scheduleUpdated: 'Delivery schedule updated!',
  canceled: 'Your membership is canceled.',
  skipped: 'Your next box is skipped.',
  paused: 'Your membership is paused.',
  resumed: 'Your membership is active again.',
  restarted: 'Welcome back! Your membership is active again.',
  issueReported: 'Thank you! We received your report.',
  noMembership: 'You do not have a membership.',
} as const;

/**
 * `GET /user/RenewalConfirmation`: the renewal the member's bank wants them to confirm on-session
 * (docs/reliability.md#d6); 404 when nothing waits. The client secret is for Stripe.js's
 * confirmCardPayment; the sandbox confirms on the server.
 */
export const RenewalConfirmationSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  amountCents: z.number().int(),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  /** The saved card the bank asked about. */
  paymentMethodId: z.string().optional(),
  last4: z.string().optional(),
  provider: z.enum(['sandbox', 'stripe']),
});
export type RenewalConfirmation = z.infer<typeof RenewalConfirmationSchema>;

/** `POST /user/ConfirmRenewalPayment`: billed, or the bank wants the browser to act first. */
export const ConfirmRenewalAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('billed') }),
  z.object({ status: z.literal('requires_action'), clientSecret: z.string() }),
]);
export type ConfirmRenewalAnswer = z.infer<typeof ConfirmRenewalAnswerSchema>;
