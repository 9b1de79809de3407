import type { Tx } from '../../db/database.ts';

/** A renewal's order, as the next-box extras hook sees it: created, not yet charged. */
export interface RenewalOrder {
  subscriptionId: string;
  identityId: string;
  orderId: string;
  cycleIndex: number;
  /** The order's total before the hook's lines. */
  totalCents: number;
  /**
   * The member's ranking of products and what they have had in boxes, read by the renewal before
   * its transaction (PGlite has one connection), for a hook that changes the box's picks.
   */
  ranked: readonly number[];
  sampled: readonly number[];
  at: Date;
}

/**
 * The renewal's hook for next-box extras: run inside the transaction that creates a renewal's
 * order, before its charge is claimed; it may add lines to that order and answers the order's
 * total after them, which is what the renewal charges. The default adds nothing. The steering
 * module's `createNextBoxHook` is the store's (tubs added to the next box, taken cancel offers:
 * docs/product.md#steering-your-membership).
 */
export type NextBoxExtras = (tx: Tx, order: RenewalOrder) => Promise<{ totalCents: number }>;
