import type { Db } from '../../db/database.ts';

/** A renewal's order, as the next-box extras hook sees it: created, not yet charged. */
export interface RenewalOrder {
  subscriptionId: string;
  identityId: string;
  orderId: string;
  cycleIndex: number;
  /** The order's total before the hook's lines. */
  totalCents: number;
  at: Date;
}

/**
 * The renewal's hook for next-box extras: run inside the transaction that creates a renewal's
 * order, before its charge is claimed; it may add lines to that order and answers the order's
 * total after them, which is what the renewal charges. The default adds nothing.
 */
export type NextBoxExtras = (tx: Db, order: RenewalOrder) => Promise<{ totalCents: number }>;
