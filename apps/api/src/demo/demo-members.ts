/**
 * Who the demo members are and what they do (docs/product.md#demo-data-and-sandbox): the cast of
 * a fresh store, so its home page figures, member quotes and product ratings have real data to
 * show. Plain data; `seed-demo-members.ts` plays it through the store's own API. A longer demo
 * history can add acts (renewals, skips, tub orders) that read the same cast.
 */

/** Demo members' addresses: `demo-member-NN@example.com`, never a real mailbox. */
export const DEMO_MEMBER_EMAIL_PREFIX = 'demo-member-';
export const demoMemberEmail = (index: number) =>
  `${DEMO_MEMBER_EMAIL_PREFIX}${String(index + 1).padStart(2, '0')}@example.com`;

/** Every demo member's password: the operator can sign in as one to look around. */
export const DEMO_MEMBER_PASSWORD = 'demo-member-sample-first';

/** Quiz answers; members with the same answers get the same prime picks, so ratings gather. */
const PROFILES = [
  // Lifts, likes the classics.
  {
    exerciseTypes: [0, 3],
    exerciseFrequency: 2,
    fitnessGoals: [0],
    dietaryPreferences: [],
    flavors: [0, 1, 2, 3],
    usedProteinBefore: true,
    proteinMixes: [0],
    brandUsages: [1],
  },
  // Losing weight, sweet tooth.
  {
    exerciseTypes: [1],
    exerciseFrequency: 1,
    fitnessGoals: [1],
    dietaryPreferences: [4],
    flavors: [0, 4, 5, 6],
    usedProteinBefore: true,
    proteinMixes: [1],
    brandUsages: [],
  },
  // Vegan, stays healthy.
  {
    exerciseTypes: [2],
    exerciseFrequency: 1,
    fitnessGoals: [6],
    dietaryPreferences: [0],
    flavors: [0, 1, 9, 12],
    usedProteinBefore: false,
    proteinMixes: [],
    brandUsages: [],
  },
  // Endurance, fruity and spiced.
  {
    exerciseTypes: [1, 2],
    exerciseFrequency: 3,
    fitnessGoals: [3, 4],
    dietaryPreferences: [],
    flavors: [1, 7, 8, 11],
    usedProteinBefore: true,
    proteinMixes: [0],
    brandUsages: [],
  },
] as const;

const FIRST_NAMES = [
  'Maya',
  'Jordan',
  'Priya',
  'Marcus',
  'Elena',
  'Tyler',
  'Aisha',
  'Ben',
  'Sofia',
  'Devon',
  'Hannah',
  'Luis',
  'Grace',
  'Omar',
  'Chloe',
  'Nate',
  'Rosa',
  'Kevin',
  'Ivy',
  'Sam',
  'Nora',
  'Andre',
  'Leah',
  'Caleb',
  'Mei',
  'Tom',
  'Zoe',
  'Ravi',
  'Julia',
  'Dante',
  'Emma',
  'Hugo',
  'Tara',
  'Felix',
  'Lina',
  'Cole',
  'Ava',
  'Jamal',
  'Ruth',
  'Owen',
  'Nina',
  'Eli',
  'Kara',
  'Miles',
  'Dana',
  'Theo',
  'Yara',
  'Gabe',
  'Iris',
  'Reed',
];

const LAST_NAMES = [
  'Torres',
  'Nguyen',
  'Patel',
  'Brooks',
  'Kim',
  'Rivera',
  'Walsh',
  'Okafor',
  'Chen',
  'Lopez',
];

/** U.S. addresses in states the tax table knows, so every checkout is taxed as a real one is. */
const ADDRESSES = [
  { street1: '1200 Barton Springs Rd', city: 'Austin', state: 'TX', postalCode: '78704' },
  { street1: '455 Valencia St', city: 'San Francisco', state: 'CA', postalCode: '94103' },
  { street1: '88 Greenwich Ave', city: 'New York', state: 'NY', postalCode: '10011' },
  { street1: '1501 Pike Pl', city: 'Seattle', state: 'WA', postalCode: '98101' },
  { street1: '2100 Collins Ave', city: 'Miami Beach', state: 'FL', postalCode: '33139' },
  { street1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', postalCode: '60606' },
  { street1: '1701 Wynkoop St', city: 'Denver', state: 'CO', postalCode: '80202' },
] as const;

/** What members wrote, by the stars they gave. */
const WORDS: Record<number, readonly string[]> = {
  5: [
    'Mixed smooth in a shaker with water, no clumps at all, and it actually tastes like the flavor on the label. Ordered the tub.',
    'Tried four samples and this was the clear winner. Not too sweet, and it sits well after a morning run.',
    'I was tired of buying big tubs I ended up hating. This one I would buy again without the sample.',
    'Great in oatmeal and smoothies. The texture is creamy even with just water.',
  ],
  4: [
    'Good taste and mixes fine with a spoon. A little sweeter than I like, so I use more milk.',
    'Solid protein for the price. The flavor is mild; I blend it with a banana.',
    'Better than what I used before. A bit foamy if you shake it hard, but it settles.',
    'Nice after workouts, easy on my stomach. I would like a bigger scoop size option.',
  ],
  3: [
    'It is fine. The flavor is weaker than I hoped but it mixes well.',
    'Okay in a smoothie, a bit chalky with only water.',
  ],
  2: ['Too sweet for me and it left an aftertaste. Glad I only had a sample.'],
};

/** The stars each reviewing member gives their first and second prime pick (0: no review). */
const RATINGS: readonly (readonly [number, number])[] = [
  [5, 4],
  [4, 5],
  [5, 5],
  [4, 3],
  [5, 0],
  [3, 4],
  [5, 4],
  [4, 4],
  [5, 2],
  [4, 5],
  [5, 0],
  [4, 4],
  [2, 4],
  [5, 5],
  [4, 0],
  [5, 4],
  [3, 5],
  [4, 4],
  [5, 3],
  [4, 5],
  [5, 4],
  [4, 0],
  [5, 5],
  [4, 3],
  [5, 4],
  [3, 0],
  [4, 5],
  [5, 4],
];

export interface DemoMember {
  email: string;
  firstName: string;
  lastName: string;
  address: (typeof ADDRESSES)[number];
  answers: (typeof PROFILES)[number];
  /** 0, 1 or 2: every 30, 45 or 60 days. */
  deliverySchedule: number;
  /** Stars and words for the box's prime picks, in order; empty for a member who did not review. */
  reviews: { rating: number; description: string }[];
}

/** How many demo members there are: the home page's members figure shows from 50. */
export const DEMO_MEMBER_COUNT = FIRST_NAMES.length;

/** The cast, in the order they join. */
export function demoMembers(): DemoMember[] {
  let word = 0;
  return FIRST_NAMES.map((firstName, index) => {
    const ratings = RATINGS[index] ?? [0, 0];
    return {
      email: demoMemberEmail(index),
      firstName,
      lastName: LAST_NAMES[index % LAST_NAMES.length]!,
      address: ADDRESSES[index % ADDRESSES.length]!,
      answers: PROFILES[index % PROFILES.length]!,
      deliverySchedule: index % 3,
      reviews: ratings
        .filter((rating) => rating > 0)
        .map((rating) => {
          const choices = WORDS[rating]!;
          return { rating, description: choices[word++ % choices.length]! };
        }),
    };
  });
}
