// Kept apart from the order schemas: the public tub plans page shows these prices, and importing
// them must not bring zod into its first load (docs/decisions/014-prerendered-public-pages.md#limits).

/** Tub plans that can be pre-ordered from /subscriptions-learn-more (docs/product.md#pre-order). */
export const PreOrderPlanIds = ['flex', 'max'] as const;
export type PreOrderPlanId = (typeof PreOrderPlanIds)[number];

/**
 * A pre-order's price (not in the spec, decided in docs/decisions): the first delivery of the
 * plan, at about the plan's discount off a typical $49.99 tub; the Max plan's free fifth tub
 * is not charged.
 */
export const PRE_ORDER_PLANS: Record<
  PreOrderPlanId,
  { name: string; priceCents: number; description: string }
> = {
  flex: { name: 'Flex plan', priceCents: 4199, description: '1 full-size tub per delivery, 15-20% off.' },
  max: {
    name: 'Max plan',
    priceCents: 13499,
    description: '4 full-size tubs prepaid, 30-35% off, plus a fifth tub free.',
  },
};
