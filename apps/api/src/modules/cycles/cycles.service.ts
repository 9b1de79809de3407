import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { createBoxBilling } from './billing.ts';
import { confirmRenewal, renewalConfirmation } from './confirm-renewal.ts';
import type { NextBoxExtras } from './next-box-extras.ts';
import { createRanker } from './picks.ts';
import { renewOne } from './renewals.ts';
import { type SweepDeps, sweep } from './sweep.ts';

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
}) {
  const sweepDeps: SweepDeps = {
    db: deps.db,
    payments: deps.payments,
    mailer: deps.mailer,
    rank: createRanker({ db: deps.db, catalog: deps.catalog }),
    webUrl: deps.config.publicUrl,
    autoShip: !deps.config.isProduction,
    log: deps.log,
    renewalPolicy: deps.config.renewals,
    nextBoxExtras: deps.nextBoxExtras,
  };
  return {
    sweepDeps,
    /** The engine's billing steps for box memberships, as tub plans will use them (billing.ts). */
    billing: createBoxBilling(sweepDeps),
    sweep: (at: Date) => sweep(sweepDeps, at),
    /** Renews one membership now (a restart), then sends its mails. */
    async renewNow(subscriptionId: string, at: Date) {
      const outcome = await renewOne(sweepDeps, subscriptionId, at);
      await sweep(sweepDeps, at);
      return outcome;
    },
    /** docs/reliability.md#d6: the renewal waiting for the member's on-session confirmation. */
    renewalConfirmation: (identityId: string) => renewalConfirmation(deps, identityId),
    /** Confirms it (the member is present), bills the cycle, then sends its receipt. */
    async confirmRenewal(identityId: string, at: Date) {
      const outcome = await confirmRenewal(deps, identityId, at);
      await sweep(sweepDeps, at);
      return outcome;
    },
  };
}
