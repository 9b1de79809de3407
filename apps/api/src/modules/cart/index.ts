// The cart module's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export { type CartRoutesOptions, cartRoutes } from './cart.routes.ts';
export { type CartService, type CartServiceDeps, createCartService } from './cart.service.ts';
export type { CartRow } from './cart.table.ts';
export * as cartOrdering from './cart-ordering.ts';
export { type CartPrice, priceCart } from './cart-pricing.ts';
export { couponTerms, findUsableCouponById, redeemCoupon } from './coupon-rules.ts';
export { seedCoupons } from './coupons.seed.ts';
export * as couponsEditor from './coupons-editor.ts';
export * as rewardCoupons from './reward-coupons.ts';
