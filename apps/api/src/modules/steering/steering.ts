import type { Db } from '../../db/database.ts';
import type { AccessTokens } from '../../http/auth.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { CycleEngine } from '../cycles/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { OrdersService, SampleRules } from '../orders/index.ts';
import type { SubscriptionsService } from '../subscriptions/index.ts';
import { createCancelOffers } from './cancel-offers.ts';
import { createNextBox } from './next-box.ts';
import { createNextBoxExtras } from './next-box-extras.ts';
import type { SteeringRoutesOptions } from './steering.routes.ts';

export interface SteeringDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  tokens: AccessTokens;
  webUrl: string;
  storeEmail: string;
  catalog: Pick<CatalogService, 'findProduct'>;
  orders: Pick<OrdersService, 'requireOwn' | 'view' | 'unlockedProductIds'>;
  /** The quiz results' rules for a box's samples (what the member may have, ranked). */
  sampleRules: (identityId: string, orderId: string) => Promise<SampleRules>;
  /** The products the member may have in this box, best match first (the quiz's matching). */
  rankedChoices: (identityId: string, orderId: string) => Promise<number[]>;
  subscriptionOf: SubscriptionsService['subscriptionOf'];
  renewNow: CycleEngine['renewNow'];
}

export type Steering = SteeringRoutesOptions;

/**
 * The member's steering of their subscription (docs/product.md#steering-your-membership), built
 * once by the composition root (composition/services.ts) and handed to `steeringRoutes`. The
 * renewal side (`createNextBoxHook` in renewal-hook.ts) is given to the cycle engine there.
 */
export function createSteering(deps: SteeringDeps): Steering {
  const { db, clock, mailer, webUrl } = deps;
  return {
    tokens: deps.tokens,
    extras: createNextBoxExtras({
      db,
      clock,
      mailer,
      webUrl,
      unlockedProductIds: deps.orders.unlockedProductIds,
    }),
    swap: {
      db,
      clock,
      mailer,
      webUrl,
      catalog: deps.catalog,
      orders: deps.orders,
      sampleRules: deps.sampleRules,
    },
    cancelOffers: createCancelOffers({
      db,
      clock,
      mailer,
      webUrl,
      storeEmail: deps.storeEmail,
      rankedChoices: deps.rankedChoices,
    }),
    nextBox: createNextBox({
      db,
      clock,
      mailer,
      webUrl,
      subscriptionOf: deps.subscriptionOf,
      renewNow: deps.renewNow,
    }),
  };
}
