import { formatMembershipDate, type Subscription } from '@store/contracts';

/** Whether the member is taking a break, and the words that say so (from AuthInfo's subscription). */
export type BreakState =
  | { kind: 'none' }
  | { kind: 'paused'; text: string }
  | { kind: 'skipped'; text: string };

export function breakState(
  subscription: Pick<Subscription, 'statusName' | 'skippedBoxes' | 'isoutcNextBillingDate'>,
): BreakState {
  const resumesOn = formatMembershipDate(subscription.isoutcNextBillingDate);
  if (subscription.statusName === 'Paused') {
    const boxes = subscription.skippedBoxes === 1 ? '1 box' : `${subscription.skippedBoxes} boxes`;
    return {
      kind: 'paused',
      text: `Paused until ${resumesOn}. No box and no charge for the next ${boxes}; it resumes by itself then.`,
    };
  }
  if (subscription.skippedBoxes > 0) {
    return { kind: 'skipped', text: `Your next box is skipped — billing resumes on ${resumesOn}.` };
  }
  return { kind: 'none' };
}

/** "1 box", "2 boxes". */
export function boxes(n: number): string {
  return n === 1 ? '1 box' : `${n} boxes`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dates a confirmation names (docs/product.md#skip-and-pause): the next charging date as it
 * stands, where a skip moves it (one interval later), and where a pause of n boxes resumes it. A
 * pause comes after a box already skipped, so both count from the date as it stands now.
 */
export function datesAfterBreak(
  subscription: Pick<Subscription, 'isoutcNextBillingDate' | 'deliveryScheduleDuration'>,
): { next: string | null; afterSkip: string | null; afterPause: (n: number) => string | null } {
  const next = subscription.isoutcNextBillingDate;
  const later = (n: number) =>
    next === null
      ? null
      : new Date(Date.parse(next) + n * subscription.deliveryScheduleDuration * DAY_MS).toISOString();
  return { next, afterSkip: later(1), afterPause: later };
}
