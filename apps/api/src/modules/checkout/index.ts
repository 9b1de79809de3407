// The checkout's face (ARCHITECTURE.md#the-rules-the-lint-checks).

export { hasLiveAttempt } from './checkout.repository.ts';
export { CheckoutLimits, type CheckoutRoutesOptions, checkoutRoutes } from './checkout.routes.ts';
export { BACKGROUND_INTERVAL_MS, type CheckoutService, createCheckoutService } from './checkout.service.ts';
export {
  type CartOrderHooks,
  type CheckoutAccounts,
  type CheckoutDeps,
  type CheckoutHooks,
  STALE_ATTEMPT_MS,
} from './context.ts';
export {
  createIdempotencyStore,
  type IdempotencyStore,
  readIdempotencyKey,
  requestHash,
} from './idempotency.ts';
export { orderConfirmationMail, orderRefundedMail } from './order.mail.tsx';
export { type PaymentMethodRoutesOptions, paymentMethodRoutes } from './payment-method.routes.ts';
