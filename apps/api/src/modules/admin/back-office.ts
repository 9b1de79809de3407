import type { AdminDashboardQuery } from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { createDashboardService } from '../../read-models/back-office-dashboard.ts';
import { cancelOfferStats } from '../../read-models/cancel-offers.ts';
import { createInsightsService } from '../../read-models/insights.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { ContactService } from '../contact/index.ts';
import type { Ranker } from '../cycles/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { PartnersService } from '../partners/index.ts';
import type { SubscriptionsHooks } from '../subscriptions/index.ts';
import { createAdminService } from './admin.service.ts';
import { createCouponsAdminService } from './coupons.service.ts';
import { createFulfilmentService } from './fulfilment.service.ts';
import { createIssueReportsAdminService } from './issue-reports.service.ts';
import { createMembersService } from './members.service.ts';
import type { RefundsService } from './refunds.service.ts';
import { createReviewsAdminService } from './reviews.service.ts';
import { createTubPlanLaunch, type TubPlanLauncher } from './tub-plan-launch.ts';
import { createUploads } from './uploads.ts';

export interface BackOfficeDeps {
  db: Db;
  clock: () => Date;
  config: Pick<Config, 'dataDir' | 'storeEmail' | 'publicUrl'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  catalog: Pick<CatalogService, 'editor' | 'invalidate'>;
  contact: Pick<ContactService, 'listPage' | 'setHandled'>;
  partners: Pick<PartnersService, 'listPage' | 'setHandled'>;
  /** The one refunds service; the composition root also gives it the provider's refund events. */
  refunds: RefundsService;
  /** The cycle engine's ranking of a member's next picks (packing lists). */
  rank: Ranker;
  /** "Membership changed", raised by the membership actions the operator takes for a member. */
  membershipChanged?: SubscriptionsHooks['membershipChanged'];
  /** Launching the tub plans (the tub plans' service); absent, the launch is refused. */
  tubPlanLauncher?: TubPlanLauncher;
}

export type BackOffice = ReturnType<typeof createBackOffice>;

/** The back office's services, built once by the composition root and handed to `adminRoutes`. */
export function createBackOffice(deps: BackOfficeDeps) {
  const { db, clock, config, mailer, refunds } = deps;
  const uploads = createUploads(config.dataDir);
  return {
    clock,
    uploads,
    admin: createAdminService({
      db,
      clock,
      catalog: deps.catalog,
      contact: deps.contact,
      partners: deps.partners,
      uploads,
    }),
    members: createMembersService({
      db,
      clock,
      mailer,
      storeEmail: config.storeEmail,
      refunds,
      membershipChanged: deps.membershipChanged,
    }),
    refunds,
    /** POST /admin/tub-plans/launch (docs/product.md#tub-plans). */
    launchTubPlans: createTubPlanLaunch({ db, clock, launcher: deps.tubPlanLauncher }),
    coupons: createCouponsAdminService({ db, clock }),
    reviews: createReviewsAdminService({ db, clock }),
    issueReports: createIssueReportsAdminService({ db, clock }),
    dashboard: createDashboardService({ db, clock }),
    /** Cancel offers shown, taken and cancellations per reason (docs/product.md#cancel-offers). */
    cancelOffers: (query: AdminDashboardQuery) => cancelOfferStats(db, clock(), query),
    /** Revenue, retention, the quiz funnel and demand (docs/product.md#insights). */
    insights: createInsightsService({ db, clock }),
    fulfilment: createFulfilmentService({
      db,
      clock,
      mailer,
      rank: deps.rank,
      log: deps.log,
      webUrl: config.publicUrl,
    }),
  };
}
