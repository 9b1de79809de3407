// The cart checkout's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export {
  type CartCheckoutRoutesOptions,
  cartCheckoutRoutes,
  HOLD_RELEASE_INTERVAL_MS,
} from './cart-checkout.routes.ts';
export {
  type CartCheckoutDeps,
  type CartCheckoutService,
  createCartCheckoutService,
} from './cart-checkout.service.ts';
export { type CartOrderHooksDeps, createCartOrderHooks } from './cart-order-hooks.ts';
