import type { Config } from './config/env.ts';
import type { Db } from './db/database.ts';
import type { createAccessTokens } from './http/auth.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { AccountsService } from './modules/accounts/accounts.service.ts';
import type { CartService } from './modules/cart/cart.service.ts';
import type { CartCheckoutService } from './modules/cart-checkout/cart-checkout.service.ts';
import type { CatalogService } from './modules/catalog/catalog.service.ts';
import type { CheckoutService } from './modules/checkout/checkout.service.ts';
import type { CycleEngine } from './modules/cycles/cycles.service.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { OrdersService } from './modules/orders/orders.service.ts';
import type { PaymentProvider } from './modules/payments/provider/payment-provider.ts';
import type { QuizService } from './modules/quiz/quiz.service.ts';
import type { QuizResultsService } from './modules/quiz/quiz-results.service.ts';
import type { ReferralsService } from './modules/referrals/referrals.service.ts';
import type { ReviewsService } from './modules/reviews/reviews.service.ts';
import type { ShopService } from './modules/shop/shop.service.ts';
import type { SubscriptionActions } from './modules/subscriptions/subscription-actions.ts';
import type { SubscriptionsService } from './modules/subscriptions/subscriptions.service.ts';

// The shared types live here, not in app.ts: app.ts imports every route plugin, so a plugin that
// imported its types from app.ts would close an import cycle (`npm run lint` checks for cycles).

/** Everything the modules share; app.ts builds it once, in one visible place. */
export interface Services {
  config: Config;
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  limiter: RateLimiter;
  tokens: ReturnType<typeof createAccessTokens>;
  payments: PaymentProvider;
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
}
