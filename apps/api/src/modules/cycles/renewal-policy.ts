// The renewal's terms and shapes: its dunning policy, what it is given, and one claimed charge
// (docs/product.md#failed-renewals, docs/payments.md#failed-renewal-policy).
import type { Db } from '../../db/database.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { cycleStore as store } from '../subscriptions/index.ts';
import type { TaxCalculator } from '../tax/index.ts';
import type { EngineHooks } from './hooks.ts';
import type { NextBoxExtras } from './next-box-extras.ts';
import type { Ranker } from './picks.ts';

/** What happens to a membership whose last renewal retry failed (docs/payments.md#failed-renewal-policy). */
export type FinalRenewalAction = 'cancel' | 'pause' | 'skip';

/** When a failed renewal is retried and what follows the last failure; set by configuration. */
export interface RenewalPolicy {
  /** Days after the billing date, ascending: one retry each. */
  retryDays: readonly number[];
  finalAction: FinalRenewalAction;
}

/** A failed renewal is retried 1, 3 and 5 days after its billing date, then the membership is canceled (docs/product.md#failed-renewals). */
export const DEFAULT_RENEWAL_POLICY: RenewalPolicy = { retryDays: [1, 3, 5], finalAction: 'cancel' };
/** A pending charge older than this was left by a process that stopped: it is asked again with the same key. */
export const CHARGE_LEASE_MS = 2 * 60_000;

export interface RenewalDeps extends EngineHooks {
  db: Db;
  payments: PaymentProvider;
  rank: Ranker;
  webUrl: string;
  log?: { error(obj: object, msg: string): void };
  /** Retry days and the final action; DEFAULT_RENEWAL_POLICY when absent. */
  renewalPolicy?: RenewalPolicy;
  /** The renewal box's sales tax: Stripe Tax with Stripe keys; the state table when absent. */
  tax?: TaxCalculator;
  /** Lines added to a renewal's order before its charge (next-box extras); none when absent. */
  nextBoxExtras?: NextBoxExtras;
}

export interface ChargeJob {
  chargeId: string;
  subscriptionId: string;
  identityId: string;
  cycleIndex: number;
  orderId: string;
  startsAt: Date;
  key: string;
  amountCents: number;
  card: store.SavedCard | undefined;
}

export type RenewalOutcome = 'none' | 'skipped' | 'renewed' | 'failed' | 'canceled' | 'pending';
