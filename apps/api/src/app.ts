import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Db } from './db/database.ts';
import { createAccessTokens } from './http/auth.ts';
import { answerClientError } from './http/client-errors.ts';
import { AppError, sendError } from './http/errors.ts';
import { loggerOptions, registerAccessLog } from './http/logging.ts';
import { describeRoute } from './http/openapi.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './http/rate-limit.ts';
import { createMemoryRevocations, createRedisRevocations } from './http/revocations.ts';
import { registerSecurity } from './http/security.ts';
import { serveWebApp } from './http/static.ts';
import { validatorCompiler } from './http/validation.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createRefundsService } from './modules/admin/refunds.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import {
  cartCheckoutRoutes,
  HOLD_RELEASE_INTERVAL_MS,
} from './modules/cart-checkout/cart-checkout.routes.ts';
import { createCartCheckoutService } from './modules/cart-checkout/cart-checkout.service.ts';
import { createCartOrderHooks } from './modules/cart-checkout/cart-order-hooks.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { BACKGROUND_INTERVAL_MS, createCheckoutService } from './modules/checkout/checkout.service.ts';
import { paymentMethodRoutes } from './modules/checkout/payment-method.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createCycleEngine } from './modules/cycles/cycles.service.ts';
import { SWEEP_INTERVAL_MS } from './modules/cycles/sweep.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { createPaymentProvider } from './modules/payments/provider/create-provider.ts';
import type { PaymentProvider } from './modules/payments/provider/payment-provider.ts';
import {
  createEventReconciliation,
  EVENT_RECONCILIATION_INTERVAL_MS,
} from './modules/payments/webhooks/event-reconciliation.ts';
import { createWebhookIntake, type WebhookEffect } from './modules/payments/webhooks/webhook-intake.ts';
import { webhooksRoutes } from './modules/payments/webhooks/webhooks.routes.ts';
import { quizRoutes } from './modules/quiz/quiz.routes.ts';
import { createQuizService } from './modules/quiz/quiz.service.ts';
import { createQuizResultsService } from './modules/quiz/quiz-results.service.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { createReferralsService } from './modules/referrals/referrals.service.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { createReviewsService } from './modules/reviews/reviews.service.ts';
import { shopRoutes } from './modules/shop/shop.routes.ts';
import { createShopService } from './modules/shop/shop.service.ts';
import { createSubscriptionActions } from './modules/subscriptions/subscription-actions.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service.ts';
import { createScheduler } from './modules/system/scheduler.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { createTaxService } from './modules/tax/tax.service.ts';
import type { Services } from './services.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The clock every service reads; tests pass a fixed one. */
  clock?: () => Date;
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** The payment provider; built from the config (Stripe or the sandbox) when not given. */
  payments?: PaymentProvider;
  /** Where logs go (tests capture them); stdout otherwise. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the app exactly as production runs it; `server.ts` only adds the environment and `listen`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    // One line per response from our own onResponse hook, with secrets redacted.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 100 * 1024,
    trustProxy: process.env.TRUST_PROXY === 'true',
    return503OnClosing: true,
    // A bad URL encoding or an over-long path parameter is answered before routing; without this
    // Fastify writes its own body ({error, message, statusCode}) instead of the error format (F1).
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, request, reply) => sendError(error as Error, request, reply));
  // JSON only (F3): without this Fastify reads text/plain bodies as a string and the route answers 400, not 415.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('identityId', undefined);

  registerAccessLog(app);

  // While closing, answers end their connection so keep-alive clients do not hold shutdown open.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
    app.server.closeIdleConnections?.();
  });
  // The security hook adds `Connection: close` to answers while closing (one onSend hook for both).
  registerSecurity(app, config, { isClosing: () => isClosing });

  const clock = deps.clock ?? (() => new Date());
  // Without Redis the store goes on (docs/reliability.md#h1): limits count per process and ended
  // sessions are read from the database until Redis answers again.
  const redisOutage = (what: string) => (error: Error) =>
    app.log.error({ alert: 'redis_unreachable', err: error.message }, `Redis unreachable: ${what}`);
  const limiter =
    deps.limiter ??
    (config.redisUrl
      ? createRedisRateLimiter(
          config.redisUrl,
          config.rateLimitScale,
          config.redisKeyPrefix,
          redisOutage('rate limits count in this process'),
        )
      : createMemoryRateLimiter(Date.now, config.rateLimitScale));
  const mailer = deps.mailer ?? createMailer({ db, smtpUrl: config.smtpUrl });
  // Ended sessions are shared through Redis when several processes serve the store.
  const revocations = config.redisUrl
    ? createRedisRevocations(
        config.redisUrl,
        Date.now,
        config.redisKeyPrefix,
        (sessionId) => accounts.isSessionEnded(sessionId),
        redisOutage('ended sessions are read from the database'),
      )
    : createMemoryRevocations();
  const tokens = createAccessTokens(config.jwtSecret, clock, revocations);
  const payments =
    deps.payments ??
    createPaymentProvider({
      config,
      db,
      clock,
      onBreakerChange: (state, detail) =>
        state === 'open'
          ? app.log.error({ alert: 'payment_provider_down', ...detail }, 'payment provider circuit opened')
          : app.log.warn({ state }, `payment provider circuit ${state}`),
    });
  const accounts = createAccountsService({
    config,
    db,
    clock,
    mailer,
    tokens,
    limiter,
    log: app.log,
    // Late-bound: the checkout is built below from services that need accounts.
    membershipOf: (identityId) => checkout.membershipOf(identityId),
    billingOf: (identityId) => checkout.billingOf(identityId),
  });
  const catalog = createCatalogService({ db });
  const orders = createOrdersService({
    db,
    config,
    clock,
    catalog,
    tax: createTaxService(),
    owners: accounts,
    sampleRules: (identityId, orderId) => quizResults.sampleRules(identityId, orderId),
  });
  const subscriptions = createSubscriptionsService({ db, clock });
  const referrals = createReferralsService({ db, clock, mailer, config, log: app.log });
  const checkout = createCheckoutService({
    db,
    clock,
    config,
    payments,
    orders,
    subscriptions,
    accounts,
    mailer,
    log: app.log,
    onFirstBoxPaid: referrals.onFirstBoxPaid,
    cartOrders: createCartOrderHooks({
      db,
      clock,
      publicUrl: config.publicUrl,
      owners: accounts,
      log: app.log,
    }),
  });
  const cartCheckout = createCartCheckoutService({
    db,
    clock,
    config,
    tax: createTaxService(),
    checkout,
    log: app.log,
  });
  const quizResults = createQuizResultsService({ db, catalog, orders, accounts, clock });
  const quiz = createQuizService({ db, catalog, accounts, results: quizResults, clock });
  const cycles = createCycleEngine({ db, payments, mailer, catalog, config, log: app.log });
  const services: Services = {
    config,
    db,
    clock,
    mailer,
    limiter,
    tokens,
    payments,
    accounts,
    catalog,
    orders,
    quiz,
    quizResults,
    subscriptions,
    checkout,
    cartCheckout,
    reviews: createReviewsService({ db, clock, unlockedProductIds: orders.unlockedProductIds }),
    cart: createCartService({ db, clock, unlockedProductIds: orders.unlockedProductIds }),
    cycles,
    subscriptionActions: createSubscriptionActions({
      db,
      clock,
      mailer,
      storeEmail: config.storeEmail,
      webUrl: config.publicUrl,
      subscriptionOf: subscriptions.subscriptionOf,
      renewNow: cycles.renewNow,
    }),
    shop: createShopService({ db }),
    referrals,
  };
  // What a provider event does, whether it came by webhook or by the event reconciliation: the
  // checkout's effect, then refunds and disputes (back office, docs/reliability.md#c12).
  const refundEvents = createRefundsService({ db, clock, payments, log: app.log });
  const paymentEventEffect: WebhookEffect = async (tx, event) => {
    await checkout.paymentEventEffect(tx, event);
    await refundEvents.eventEffect(tx, event);
  };
  const eventReconciliation = createEventReconciliation({
    db,
    clock,
    payments,
    intake: createWebhookIntake({ db, payments, clock, effect: paymentEventEffect }),
    log: app.log,
  });
  // Every time-driven job of the store, in one place. Each process runs the scheduler; a period of
  // a job is claimed in the database, so several processes still run each job once per period.
  const scheduler = createScheduler({
    db,
    clock,
    log: app.log,
    jobs: [
      { name: 'membership-sweep', everyMs: SWEEP_INTERVAL_MS, run: (now) => cycles.sweep(now) },
      { name: 'payment-reconciliation', everyMs: BACKGROUND_INTERVAL_MS, run: () => checkout.reconcile() },
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
    ],
  });
  app.decorate('scheduler', scheduler);
  app.addHook('onReady', async () => {
    // Shared limits and sessions from the first request when Redis is there; the store starts
    // without it after 2 seconds (docs/reliability.md#h1).
    await Promise.all([limiter.ready?.(2000), revocations.ready?.(2000)]);
    if (config.env !== 'test') scheduler.start();
  });
  app.addHook('onClose', async () => {
    scheduler.stop();
    if (!deps.limiter) await limiter.close();
    await revocations.close();
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sample First store API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: describeRoute,
  });

  // Paths seen by any route, lowercased, so a wrong method answers 405 rather than 404.
  const knownPaths = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const key = route.url.toLowerCase().replace(/\/$/, '');
    const set = knownPaths.get(key) ?? new Set<string>();
    for (const m of methods) set.add(m);
    knownPaths.set(key, set);
  });

  await app.register(
    async (api) => {
      await api.register(systemRoutes, {
        db,
        isProduction: config.isProduction,
        publicUrl: config.publicUrl,
        sweep: cycles.sweep,
      });
      await registerModules(api, services, paymentEventEffect);
    },
    { prefix: '/api' },
  );

  const sendIndex = config.webDist
    ? await serveWebApp(app, config.webDist, config.publicUrl, { isProduction: config.isProduction })
    : undefined;

  app.setNotFoundHandler((request, reply) => {
    if (sendIndex?.(request, reply)) return;
    const path = request.url.split('?')[0]!.toLowerCase().replace(/\/$/, '');
    const allowed = knownPaths.get(path);
    if (allowed && !allowed.has(request.method)) {
      reply.header('allow', [...allowed].join(', '));
      return sendError(
        new AppError('method_not_allowed', 'This method is not allowed here.'),
        request,
        reply,
      );
    }
    return sendError(new AppError('not_found', 'Not found.'), request, reply);
  });

  return app;
}

/** The business modules, each a plugin under /api. Add one line per module. */
async function registerModules(api: FastifyInstance, services: Services, paymentEventEffect: WebhookEffect) {
  await api.register(accountsRoutes, services);
  await api.register(catalogRoutes, { ...services, isUnlocked: services.quizResults.isUnlocked });
  await api.register(quizRoutes, services);
  await api.register(contactRoutes, services);
  await api.register(partnersRoutes, services);
  await api.register(webhooksRoutes, { ...services, paymentEventEffect });
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
}
