// Apart from the order helpers: the prerendered tub plans page imports these, and the order
// helpers bring zod with them (docs/decisions/014-prerendered-public-pages.md#limits).

/** The two tub plans of the learn-more page (docs/product.md#who-uses-it, docs/product.md#constants). */
export interface TubPlan {
  id: 'flex' | 'max';
  name: string;
  tagline: string;
  tubs: string;
  discount: string;
  badge?: string;
  features: readonly string[];
}

export const TUB_PLANS: readonly TubPlan[] = [
  {
    id: 'flex',
    name: 'Flex',
    tagline: 'One tub at a time, for people who like to switch it up.',
    tubs: '1 tub per delivery',
    discount: '15-20% off per tub',
    features: [
      'Pay per delivery',
      'Delivery every 30, 45 or 60 days',
      'Pick a new flavor for every delivery',
      'Change your schedule or cancel any time',
    ],
  },
  {
    id: 'max',
    name: 'Max',
    tagline: 'Four tubs prepaid, for people who know what they love.',
    tubs: '4 tubs prepaid',
    discount: '30-35% off per tub',
    badge: 'Buy 4-Get-1 Free',
    features: [
      'Your 5th tub is on us',
      'Delivery every 30, 45 or 60 days',
      'Mix flavors across your 4 tubs',
      'The lowest price per scoop we offer',
    ],
  },
];
