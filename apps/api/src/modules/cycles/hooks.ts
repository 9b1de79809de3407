import type { Tx } from '../../db/database.ts';
import { createHook, type Hook } from '../../hooks.ts';
import type { SubscriptionsHooks } from '../subscriptions/index.ts';

/** A membership's renewal that was just paid: its cycle billed, its box's order paid. */
export interface RenewalPaid {
  subscriptionId: string;
  identityId: string;
  cycleIndex: number;
  orderId: string;
  amountCents: number;
  at: Date;
}

/** The cycle engine's named effects on other modules; the composition root adds their listeners. */
export interface CycleHooks {
  /**
   * In the transaction that records a renewal charge as paid (by the sweep, or by the member's
   * confirmation of a renewal that needed them, docs/reliability.md#d6), after the cycle, the
   * order and the membership were written and before the receipt is queued.
   */
  renewalPaid: Hook<[tx: Tx, paid: RenewalPaid]>;
}

export function createCycleHooks(): CycleHooks {
  return { renewalPaid: createHook('renewal paid') };
}

/**
 * The hooks a renewal raises, as the engine is given them: its own "renewal paid" and the
 * memberships' "membership changed" (a renewal that fails, ends unpaid or ends a past-due spell
 * changes the membership). Either may be absent (a test's engine), and then nothing listens.
 */
export interface EngineHooks {
  renewalPaid?: CycleHooks['renewalPaid'];
  membershipChanged?: SubscriptionsHooks['membershipChanged'];
}
