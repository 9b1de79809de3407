import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import { type AccessTokens, createAccessTokens } from '../http/auth.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../http/rate-limit.ts';
import { createMemoryRevocations, createRedisRevocations } from '../http/revocations.ts';
import {
  type AccountsService,
  createAccountsService,
  type PasswordHashing,
} from '../modules/accounts/index.ts';
import { type BackOffice, createBackOffice, createRefundsService } from '../modules/admin/index.ts';
import { type CartService, createCartService } from '../modules/cart/index.ts';
import {
  type CartCheckoutService,
  createCartCheckoutService,
  createCartOrderHooks,
} from '../modules/cart-checkout/index.ts';
import { type CatalogService, createCatalogService } from '../modules/catalog/index.ts';
import {
  type CheckoutService,
  createCheckoutService,
  createIdempotencyStore,
  type IdempotencyStore,
} from '../modules/checkout/index.ts';
import { type ContactService, createContactService } from '../modules/contact/index.ts';
import { type CycleEngine, createCycleEngine, createRanker } from '../modules/cycles/index.ts';
import { createMailer, type Mailer } from '../modules/mail/index.ts';
import { createOrdersService, type OrdersService } from '../modules/orders/index.ts';
import { createPartnersService, type PartnersService } from '../modules/partners/index.ts';
import {
  createEventReconciliation,
  createPaymentProvider,
  createProviderEventHook,
  createTaxCalculator,
  createWebhookIntake,
  type EventReconciliation,
  type PaymentProvider,
  type ProviderEventHook,
  type WebhookIntake,
} from '../modules/payments/index.ts';
import {
  createQuizResultsService,
  createQuizService,
  type QuizResultsService,
  type QuizService,
} from '../modules/quiz/index.ts';
import { createReferralsService, type ReferralsService } from '../modules/referrals/index.ts';
import { createReviewsService, type ReviewsService } from '../modules/reviews/index.ts';
import { createShopService, type ShopService } from '../modules/shop/index.ts';
import {
  createNextBoxHook,
  createSteering,
  dropExtrasOnCancel,
  type Steering,
} from '../modules/steering/index.ts';
import {
  createSubscriptionActions,
  createSubscriptionsService,
  type SubscriptionActions,
  type SubscriptionsService,
} from '../modules/subscriptions/index.ts';
import { createMetrics, type Metrics } from '../modules/system/index.ts';
import { createTubPlansService, type TubPlansService } from '../modules/tub-plans/index.ts';
import { prepareAuthInfoRead } from '../read-models/auth-info.ts';
import { memberShippingAddress } from '../read-models/member-shipping.ts';

// The one place the store's services are built (docs/decisions/016-one-composition-root.md). The
// route plugins receive them and build none; `Services` lives here, not in app.ts, and no route
// plugin imports it: each declares the options it needs, so no import cycle can close through it.

/** Everything the route plugins and the jobs are given; built once per app by `buildServices`. */
export interface Services {
  config: Config;
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  /** This process's Prometheus registry (docs/reliability.md#i2); the app serves it at /api/metrics. */
  metrics: Metrics;
  limiter: RateLimiter;
  tokens: AccessTokens;
  payments: PaymentProvider;
  idempotency: IdempotencyStore;
  accounts: AccountsService;
  catalog: CatalogService;
  orders: OrdersService;
  quiz: QuizService;
  quizResults: QuizResultsService;
  subscriptions: SubscriptionsService;
  checkout: CheckoutService;
  cartCheckout: CartCheckoutService;
  reviews: ReviewsService;
  cart: CartService;
  cycles: CycleEngine;
  subscriptionActions: SubscriptionActions;
  shop: ShopService;
  referrals: ReferralsService;
  /** The member's steering of the membership (docs/product.md#steering-your-membership). */
  steering: Steering;
  contact: ContactService;
  partners: PartnersService;
  /** The Flex and Max tub plans, billed by the cycle engine (docs/product.md#tub-plans). */
  tubPlans: TubPlansService;
  backOffice: BackOffice;
  /** What a provider event does, whether it came by webhook or by the event reconciliation. */
  providerEvent: ProviderEventHook;
  webhookIntake: WebhookIntake;
  eventReconciliation: EventReconciliation;
  /**
   * Resolves once Redis answers, or after `timeoutMs` without it, so shared limits and ended
   * sessions count from the first request (docs/reliability.md#h1); the app waits for it on ready.
   */
  ready(timeoutMs: number): Promise<void>;
  /** Closes what the services opened (Redis connections); the app calls it on close. */
  close(): Promise<void>;
}

/** The actor of refunds the store makes by itself (an unclaimed tub plan pre-order), in the audit log. */
const STORE_ACTOR = { id: '00000000-0000-0000-0000-000000000001', email: 'store (automatic)' };

export interface ServicesDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  clock?: () => Date;
  mailer?: Mailer;
  limiter?: RateLimiter;
  payments?: PaymentProvider;
  /** argon2id unless given (the demo seeding app's, docs/product.md#demo-data-and-sandbox). */
  passwords?: PasswordHashing;
}

export function buildServices(deps: ServicesDeps): Services {
  const { config, db, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  // Without Redis the store goes on (docs/reliability.md#h1): limits count per process and ended
  // sessions are read from the database until Redis answers again.
  const redisOutage = (what: string) => (error: Error) =>
    log.error({ alert: 'redis_unreachable', err: error.message }, `Redis unreachable: ${what}`);
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
  const metrics = createMetrics({ db });
  const mailer = metrics.countMails(deps.mailer ?? createMailer({ db, smtpUrl: config.smtpUrl }));
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
          ? log.error({ alert: 'payment_provider_down', ...detail }, 'payment provider circuit opened')
          : log.warn({ state }, `payment provider circuit ${state}`),
    });
  const storeEmail = config.storeEmail;

  // Two pairs of services ask each other a question, so one of each pair is built first and asks
  // the other through a function that reads it once it exists: AuthInfo asks the checkout for a
  // member's membership and billing (the checkout signs people up through accounts), and the
  // first box's sample rules come from the quiz results (which create that box's order).
  const readAuthInfo = prepareAuthInfoRead(db);
  const accounts = createAccountsService({
    config,
    db,
    clock,
    mailer,
    tokens,
    limiter,
    log,
    ...(deps.passwords ? { passwords: deps.passwords } : {}),
    membershipOf: (identityId) => checkout.membershipOf(identityId),
    billingOf: (identityId) => checkout.billingOf(identityId),
    // Every page load of a signed-in person: the identity and its membership in one statement.
    authInfoOf: async (identityId) => {
      const read = await readAuthInfo(identityId);
      return (
        read && {
          identity: read.identity,
          membership: {
            subscription: read.membership ? subscriptions.viewOf(read.membership) : null,
            uncompletedCheckoutOrderId: read.uncompletedFirstBoxId,
          },
        }
      );
    },
  });
  const catalog = createCatalogService({ db });
  // Stripe Tax through the payment provider (and its circuit breaker), else the state table.
  const tax = createTaxCalculator(payments);
  const orders = createOrdersService({
    db,
    config,
    clock,
    catalog,
    tax,
    owners: accounts,
    sampleRules: (identityId, orderId) => quizResults.sampleRules(identityId, orderId),
  });
  const subscriptions = createSubscriptionsService({ db, clock });
  // A membership's change (the member's, the operator's or a renewal's): the member's cancel drops
  // the tubs waiting for the next box (docs/product.md#next-box-extras), in the cancel's transaction.
  const { membershipChanged } = subscriptions.hooks;
  membershipChanged.on(dropExtrasOnCancel);
  const referrals = createReferralsService({ db, clock, mailer, config, log });
  const checkout = createCheckoutService({
    db,
    clock,
    config,
    payments,
    orders,
    subscriptions,
    accounts,
    mailer,
    log,
    cartOrders: createCartOrderHooks({ db, clock, publicUrl: config.publicUrl, owners: accounts, log }),
  });
  checkout.hooks.firstBoxPaid.on(referrals.onFirstBoxPaid);
  const cartCheckout = createCartCheckoutService({
    db,
    clock,
    config,
    tax,
    checkout,
    log,
  });
  const quizResults = createQuizResultsService({ db, catalog, orders, accounts, clock });
  const quiz = createQuizService({ db, catalog, accounts, results: quizResults, clock });
  const cycles = createCycleEngine({
    db,
    payments,
    mailer,
    catalog,
    config,
    log,
    tax,
    // The renewal's one next-box hook: the member's steering of each new box, its extras and
    // taken cancel offers (docs/product.md#steering-your-membership).
    nextBoxExtras: createNextBoxHook(config.publicUrl, tax),
    membershipChanged,
  });
  // "Renewal paid" (cycles.hooks.renewalPaid) and "order refunded" (refunds.hooks.orderRefunded)
  // have no listener yet: no module reacts to them today (decision 016, the third step).
  const contact = createContactService({ db, mailer, clock, storeEmail });
  const partners = createPartnersService({ db, mailer, clock, storeEmail });
  const refunds = createRefundsService({ db, clock, payments, log });
  const unlockedProductIds = (identityId: string) => orders.unlockedProductIds(identityId);
  // The tub plans bill through the cycle engine: their kind is registered with it here, so every
  // sweep bills them after the box memberships (the engine never imports them).
  const tubPlans = createTubPlansService({
    db,
    clock,
    webUrl: config.publicUrl,
    tax,
    payments,
    engine: cycles,
    unlockedProductIds,
    shippingOf: (identityId) => memberShippingAddress(db, identityId, null),
    // An unclaimed pre-order's full refund goes through the one refunds service, as the store's own act.
    refundPreOrder: async (orderId, requestId) => {
      await refunds.refundOrder(STORE_ACTOR, orderId, {
        requestId,
        reason: 'Tub plan pre-order not claimed within 30 days of the launch',
      });
    },
    log,
  });
  cycles.register({ ...tubPlans.billing, afterBilling: tubPlans.afterBilling });
  const backOffice = createBackOffice({
    db,
    clock,
    config,
    mailer,
    log,
    catalog,
    contact,
    partners,
    refunds,
    rank: createRanker({ db, catalog }),
    membershipChanged,
    tubPlanLauncher: tubPlans,
  });

  // A provider event: the checkout's effect, then refunds and disputes (back office,
  // docs/reliability.md#c12), in the transaction that records the event once.
  const providerEvent = createProviderEventHook();
  providerEvent.on(checkout.paymentEventEffect);
  providerEvent.on(backOffice.refunds.eventEffect);
  const webhookIntake = createWebhookIntake({ db, payments, clock, effect: providerEvent.run });
  const eventReconciliation = createEventReconciliation({ db, clock, payments, intake: webhookIntake, log });

  return {
    config,
    db,
    clock,
    mailer,
    metrics,
    limiter,
    tokens,
    payments,
    idempotency: createIdempotencyStore({ db, clock }),
    accounts,
    catalog,
    orders,
    quiz,
    quizResults,
    subscriptions,
    checkout,
    cartCheckout,
    reviews: createReviewsService({ db, clock, unlockedProductIds }),
    cart: createCartService({ db, clock }),
    cycles,
    subscriptionActions: createSubscriptionActions({
      db,
      clock,
      mailer,
      storeEmail,
      webUrl: config.publicUrl,
      subscriptionOf: subscriptions.subscriptionOf,
      renewNow: cycles.renewNow,
      membershipChanged,
    }),
    shop: createShopService({ db }),
    referrals,
    steering: createSteering({
      db,
      clock,
      mailer,
      tokens,
      webUrl: config.publicUrl,
      storeEmail,
      catalog,
      orders,
      sampleRules: (identityId, orderId) => quizResults.sampleRules(identityId, orderId),
      rankedChoices: async (identityId, orderId) =>
        (await quizResults.sampleRules(identityId, orderId)).products.map((p) => p.id),
      subscriptionOf: subscriptions.subscriptionOf,
      renewNow: cycles.renewNow,
    }),
    contact,
    partners,
    tubPlans,
    backOffice,
    providerEvent,
    webhookIntake,
    eventReconciliation,
    async ready(timeoutMs) {
      await Promise.all([limiter.ready?.(timeoutMs), revocations.ready?.(timeoutMs)]);
    },
    async close() {
      if (!deps.limiter) await limiter.close();
      await revocations.close();
    },
  };
}
