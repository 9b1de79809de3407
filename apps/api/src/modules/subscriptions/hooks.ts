import type { Tx } from '../../db/database.ts';
import { createHook, type Hook } from '../../hooks.ts';

/**
 * A change to a membership, named as its history records it (subscription_events.kind): the
 * member's or operator's `schedule_changed`, `canceled`, `skip_next`, `paused`, `resumed`,
 * `restarted`; the cycle engine's `renewal_failed` (past due, or waiting for the member),
 * `reactivated` (a paid renewal ended a past-due spell), `canceled_unpaid`, `paused_unpaid`,
 * `skipped_unpaid`.
 */
export interface MembershipChange {
  subscriptionId: string;
  identityId: string;
  kind: string;
  /** Who made it: the member (the operator's actions run the member's rules), or the sweep. */
  actor: 'member' | 'sweeper';
  at: Date;
}

/** The memberships' named effects on other modules; the composition root adds their listeners. */
export interface SubscriptionsHooks {
  /** In the transaction that changes the membership, once the change and its history event are written. */
  membershipChanged: Hook<[tx: Tx, change: MembershipChange]>;
}

export function createSubscriptionsHooks(): SubscriptionsHooks {
  return { membershipChanged: createHook('membership changed') };
}
