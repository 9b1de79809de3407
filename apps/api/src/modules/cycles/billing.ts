import { cycleStore as store } from '../subscriptions/index.ts';
import { DEFAULT_RENEWAL_POLICY, type RenewalOutcome, type RenewalPolicy, renewOne } from './renewals.ts';
import { queueReminders, type SweepDeps } from './sweep.ts';

/*
 * The cycle engine's billing, as an interface: what billing one kind of recurring plan takes (the
 * box memberships today; tub plans next, which bill through the same steps). Each step is safe to
 * run from several processes at once (docs/reliability.md#d3, docs/reliability.md#d4).
 */

/** The engine's steps for one kind of recurring plan; the box memberships' are `createBoxBilling`. */
export interface CycleBilling {
  /** Plans with billing work at `at` (due, or a failed charge whose retry may have come), oldest first. */
  duePlanIds(at: Date, limit: number): Promise<string[]>;
  /**
   * One billing step of one plan: claims its due period under the plan's row lock (a skipped
   * period, or the period's order and one charge attempt, unique per plan, period and attempt),
   * charges it once (the provider called outside any transaction, with the attempt's idempotency
   * key, the outcome recorded in a second transaction), and applies dunning to a failure.
   * 'none' when nothing is due or another process holds the plan.
   */
  renewDue(planId: string, at: Date): Promise<RenewalOutcome>;
  /** Dunning: the days after the billing date a failed charge is retried, and what follows the last failure. */
  readonly dunning: RenewalPolicy;
  /** Queues the reminder before each charging renewal, once per plan and billing date; answers how many. */
  queueReminders(at: Date): Promise<number>;
}

/** The box memberships' billing: the steps the sweep already runs, behind the interface. */
export function createBoxBilling(deps: SweepDeps): CycleBilling {
  return {
    async duePlanIds(at, limit) {
      return (await store.dueSubscriptionIds(deps.db, at, limit)).map((row) => row.id);
    },
    renewDue: (planId, at) => renewOne(deps, planId, at),
    dunning: deps.renewalPolicy ?? DEFAULT_RENEWAL_POLICY,
    queueReminders: (at) => queueReminders(deps, at),
  };
}
