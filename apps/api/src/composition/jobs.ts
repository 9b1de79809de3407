import { HOLD_RELEASE_INTERVAL_MS } from '../modules/cart-checkout/index.ts';
import { BACKGROUND_INTERVAL_MS } from '../modules/checkout/index.ts';
import { SWEEP_INTERVAL_MS } from '../modules/cycles/index.ts';
import { EVENT_RECONCILIATION_INTERVAL_MS } from '../modules/payments/index.ts';
import type { Job } from '../modules/system/index.ts';
import type { Services } from './services.ts';

/**
 * Every time-driven job of the store, in one place (docs/decisions/013-one-scheduler.md). Each
 * process runs the scheduler; a period of a job is claimed in the database, so several processes
 * still run each job once per period.
 */
export function storeJobs(services: Services): Job[] {
  const { cycles, checkout, eventReconciliation, cartCheckout, referrals } = services;
  return [
    { name: 'membership-sweep', everyMs: SWEEP_INTERVAL_MS, run: (now) => cycles.sweep(now) },
    {
      name: 'payment-reconciliation',
      everyMs: BACKGROUND_INTERVAL_MS,
      run: async () => {
        await checkout.reconcile();
        // A referral reward's mail is queued in the paying transaction and sent by flushes a few
        // seconds after it; one whose flushes all ran before a slow commit is sent from here.
        await referrals.flushMails();
      },
    },
    {
      name: 'provider-event-reconciliation',
      everyMs: EVENT_RECONCILIATION_INTERVAL_MS,
      run: () => eventReconciliation.run(),
    },
    {
      name: 'stock-hold-release',
      everyMs: HOLD_RELEASE_INTERVAL_MS,
      run: () => cartCheckout.releaseExpiredHolds(),
    },
  ];
}
