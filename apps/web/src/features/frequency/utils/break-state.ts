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
