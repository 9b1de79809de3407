// Kept apart from the zod schemas, like pre-order-plans.ts: the public tub plans page shows these
// numbers, and importing them must not bring zod into its first load.

/**
 * The Flex and Max tub plans' terms, in one place (docs/product.md#tub-plans): the discount off
 * each tub's list price, the tubs a delivery holds, and the Max plan's free fifth tub.
 */
export const TUB_PLANS = {
  flex: { name: 'Flex plan', discountPercent: 15, paidTubs: 1, freeTubs: 0 },
  max: { name: 'Max plan', discountPercent: 30, paidTubs: 4, freeTubs: 1 },
} as const satisfies Record<
  'flex' | 'max',
  { name: string; discountPercent: number; paidTubs: number; freeTubs: number }
>;

export type TubPlanId = keyof typeof TUB_PLANS;
export const TubPlanIds = ['flex', 'max'] as const satisfies readonly TubPlanId[];

/** A pre-order holder who has not chosen their tubs is reminded this many days after launch. */
export const TUB_PLAN_CHOOSE_REMINDER_DAYS = 14;
/** An unclaimed paid pre-order is refunded in full this many days after launch. */
export const TUB_PLAN_PRE_ORDER_REFUND_DAYS = 30;
/** A pause skips 1 to this many deliveries. */
export const TUB_PLAN_MAX_PAUSE = 3;

/** One tub at the plan's price: the list price less the plan's discount, rounded to the cent. */
export function tubPlanUnitCents(plan: TubPlanId, listPriceCents: number): number {
  return Math.round((listPriceCents * (100 - TUB_PLANS[plan].discountPercent)) / 100);
}
