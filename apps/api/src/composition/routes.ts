import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from '../modules/accounts/index.ts';
import { adminRoutes } from '../modules/admin/index.ts';
import { cartRoutes } from '../modules/cart/index.ts';
import { cartCheckoutRoutes } from '../modules/cart-checkout/index.ts';
import { catalogRoutes } from '../modules/catalog/index.ts';
import { checkoutRoutes, paymentMethodRoutes } from '../modules/checkout/index.ts';
import { contactRoutes } from '../modules/contact/index.ts';
import { ordersRoutes } from '../modules/orders/index.ts';
import { partnersRoutes } from '../modules/partners/index.ts';
import { webhooksRoutes } from '../modules/payments/index.ts';
import { quizRoutes } from '../modules/quiz/index.ts';
import { referralsRoutes } from '../modules/referrals/index.ts';
import { reviewsRoutes } from '../modules/reviews/index.ts';
import { shopRoutes } from '../modules/shop/index.ts';
import { steeringRoutes } from '../modules/steering/index.ts';
import { subscriptionsRoutes } from '../modules/subscriptions/index.ts';
import { systemRoutes } from '../modules/system/index.ts';
import { tubPlansRoutes } from '../modules/tub-plans/index.ts';
import { prepareProductPage } from '../read-models/product-page.ts';
import type { Services } from './services.ts';

/** Every module's routes under /api, each plugin given the services it needs. Add one line per module. */
export async function registerRoutes(api: FastifyInstance, services: Services) {
  const { config } = services;
  await api.register(systemRoutes, {
    db: services.db,
    isProduction: config.isProduction,
    publicUrl: config.publicUrl,
    sweep: services.cycles.sweep,
  });
  await api.register(accountsRoutes, services);
  // The product page's product and the member's unlock of it, read together in one statement.
  await api.register(catalogRoutes, { ...services, productPage: prepareProductPage(services.db) });
  await api.register(quizRoutes, services);
  await api.register(contactRoutes, services);
  await api.register(partnersRoutes, services);
  await api.register(webhooksRoutes, services);
  await api.register(ordersRoutes, services);
  await api.register(checkoutRoutes, services);
  await api.register(cartCheckoutRoutes, services);
  await api.register(adminRoutes, services);
  await api.register(reviewsRoutes, services);
  await api.register(cartRoutes, services);
  await api.register(subscriptionsRoutes, services);
  await api.register(paymentMethodRoutes, services);
  await api.register(shopRoutes, services);
  await api.register(referralsRoutes, services);
  await api.register(steeringRoutes, services.steering);
  await api.register(tubPlansRoutes, services);
}
