import { DELIVERY_SCHEDULE_DAYS } from './constants.ts';

/*
 * The membership (spec 001 §2.3, §4.1; DESIGN §5 cycle). The wire shape is SubscriptionSchema in
 * accounts.ts (AuthInfo carries it); these are the names and rules both sides read it with.
 */

/** The one plan a membership is on (DESIGN §5: one configured price). */
export const MEMBERSHIP_PLAN_NAME = 'Discover Plan';

/** The six stages of a cycle; `cycleStatus` is the 0-based index (spec 001 §4.1). */
export const CYCLE_STAGES = [
  'Billing',
  'Build Your Box',
  'Box Assembly',
  'Box Shipping',
  'Taste & Review',
  'Pick Tub',
] as const;

/** Index of the Build Your Box stage: where a paid cycle starts (DESIGN §5). */
export const BUILD_YOUR_BOX_STAGE = 1;

/** Days after billing the member has to choose 2 samples (DESIGN §5). */
export const BUILD_DEADLINE_DAYS = 3;

/** Days Box Assembly lasts after the build deadline (spec 001 §4.1). */
export const ASSEMBLY_DAYS = 5;

/** Membership statuses as stored. */
export const SubscriptionStatuses = ['active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SubscriptionStatuses)[number];

/** Status for people (`statusName`). */
export const SUBSCRIPTION_STATUS_NAMES: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Past Due',
  canceled: 'Canceled',
};

/** The membership page's words (spec 001 §2.3). */
export const MembershipMessages = {
  notActive: 'Not Active',
  learnMore: 'Learn More',
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
