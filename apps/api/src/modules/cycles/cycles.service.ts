import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { SubscriptionsHooks } from '../subscriptions/index.ts';
import { createBoxBilling } from './billing.ts';
import { confirmRenewal, renewalConfirmation } from './confirm-renewal.ts';
import { sendQueuedMails } from './fulfilment.ts';
import { createCycleHooks } from './hooks.ts';
import type { NextBoxExtras } from './next-box-extras.ts';
import { createRanker } from './picks.ts';
import { createPlanBilling, type PlanKind } from './plan-billing.ts';
import { renewOne } from './renewals.ts';
import { type SweepDeps, type SweptPlan, sweep } from './sweep.ts';

export type CycleEngine = ReturnType<typeof createCycleEngine>;

/** The membership cycle engine as the server uses it: the sweep, and one renewal at once (restart). */
export function createCycleEngine(deps: {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  catalog: Pick<CatalogService, 'listProducts'>;
  config: Pick<Config, 'publicUrl' | 'isProduction'> & Partial<Pick<Config, 'renewals'>>;
  log?: SweepDeps['log'];
  /** The renewal's hook for next-box extras; a renewal adds nothing without it. */
  nextBoxExtras?: NextBoxExtras;
  tax?: SweepDeps['tax'];
  /** The memberships' hook, raised when a renewal changes a membership (past due, ended unpaid, reactivated). */
  membershipChanged?: SubscriptionsHooks['membershipChanged'];
}) {
  // "Renewal paid": the composition root adds its listeners to `hooks`.
  const hooks = createCycleHooks();
  const sweepDeps: SweepDeps = {
    db: deps.db,
    payments: deps.payments,
    mailer: deps.mailer,
    rank: createRanker({ db: deps.db, catalog: deps.catalog }),
    webUrl: deps.config.publicUrl,
    autoShip: !deps.config.isProduction,
    log: deps.log,
    renewalPolicy: deps.config.renewals,
    tax: deps.tax,
    nextBoxExtras: deps.nextBoxExtras,
    renewalPaid: hooks.renewalPaid,
    membershipChanged: deps.membershipChanged,
  };
  const confirmDeps = { ...deps, renewalPaid: hooks.renewalPaid };
  // Other plan kinds billed by the same engine, registered by the composition root (tub plans).
  const plans: SweptPlan[] = [];
  const run = (at: Date) => sweep(sweepDeps, at, plans);
  return {
    hooks,
    sweepDeps,
    /**
     * The engine's billing for another kind of plan (docs/product.md#tub-plans): the same claim,
     * charge-once, dunning and reminder steps over the kind's plans and orders (plan-billing.ts).
     */
    planBilling: (kind: PlanKind) =>
      createPlanBilling(
        { db: deps.db, payments: deps.payments, renewalPolicy: deps.config.renewals, log: deps.log },
        kind,
      ),
    /** Bills `plan` in every sweep from now on, after the box memberships. */
    register(plan: SweptPlan) {
      plans.push(plan);
    },
    /** Sends the cycle mails queued so far (a launch's mails, a first delivery's receipt). */
    sendMails: (at: Date) => sendQueuedMails(deps.db, deps.mailer, at, deps.log),
    /** The engine's billing steps for box memberships, as tub plans will use them (billing.ts). */
    billing: createBoxBilling(sweepDeps),
    sweep: run,
    /** Renews one membership now (a restart), then sends its mails. */
    async renewNow(subscriptionId: string, at: Date) {
      const outcome = await renewOne(sweepDeps, subscriptionId, at);
      await run(at);
      return outcome;
    },
    /** docs/reliability.md#d6: the renewal waiting for the member's on-session confirmation. */
    renewalConfirmation: (identityId: string) => renewalConfirmation(confirmDeps, identityId),
    /** Confirms it (the member is present), bills the cycle, then sends its receipt. */
    async confirmRenewal(identityId: string, at: Date) {
      const outcome = await confirmRenewal(confirmDeps, identityId, at);
      await run(at);
      return outcome;
    },
  };
}
