import type { Services } from '../../services.ts';
import { createCancelOffers } from './cancel-offers.ts';
import { createNextBox } from './next-box.ts';
import { createNextBoxExtras } from './next-box-extras.ts';
import type { SteeringRoutesOptions } from './steering.routes.ts';

/**
 * The member's steering of their subscription (docs/product.md#steering-your-membership), built
 * from the shared services: one call in app.ts. The renewal side (`prepareNextBox` in
 * renewal-hook.ts) is given to the cycle engine there.
 */
export function createSteering(services: Services): SteeringRoutesOptions {
  const { db, clock, mailer, config, orders, catalog, quizResults, subscriptions, cycles } = services;
  const webUrl = config.publicUrl;
  return {
    tokens: services.tokens,
    extras: createNextBoxExtras({ db, clock, mailer, webUrl, unlockedProductIds: orders.unlockedProductIds }),
    swap: {
      db,
      clock,
      mailer,
      webUrl,
      catalog,
      orders,
      sampleRules: (identityId, orderId) => quizResults.sampleRules(identityId, orderId),
    },
    cancelOffers: createCancelOffers({
      db,
      clock,
      mailer,
      webUrl,
      storeEmail: config.storeEmail,
      rankedChoices: async (identityId, orderId) =>
        (await quizResults.sampleRules(identityId, orderId)).products.map((p) => p.id),
    }),
    nextBox: createNextBox({
      db,
      clock,
      mailer,
      webUrl,
      subscriptionOf: subscriptions.subscriptionOf,
      renewNow: cycles.renewNow,
    }),
  };
}
