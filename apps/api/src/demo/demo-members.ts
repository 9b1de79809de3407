/**
 * Who the demo members are and what they do (docs/product.md#demo-data-and-sandbox): the cast of
 * a fresh store, so its home page figures, member quotes and product ratings have real data to
 * show, and the year behind them for the operator's insights. Plain data, the same on every
 * start; `seed-demo-members.ts` plays it through the store's own API.
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

/** The members of the first cast: the home page's members figure shows from 50. */
export const DEMO_MEMBER_COUNT = FIRST_NAMES.length;

/** How many members a fresh store's year of history has (the first 50 are the cast above). */
export const DEMO_HISTORY_MEMBER_COUNT = 250;

/**
 * The cast, in the order they join: the first 50 as they always were, then as many more as asked,
 * named and placed by their number so every start makes the same people.
 */
export function demoMembers(count = DEMO_MEMBER_COUNT): DemoMember[] {
  let word = 0;
  return Array.from({ length: count }, (_, index) => {
    const first = index < DEMO_MEMBER_COUNT;
    // The later members: every other one reviews, with the first cast's pattern of stars.
    const ratings = first
      ? (RATINGS[index] ?? [0, 0])
      : index % 2 === 0
        ? RATINGS[index % RATINGS.length]!
        : [0, 0];
    return {
      email: demoMemberEmail(index),
      firstName: first ? FIRST_NAMES[index]! : FIRST_NAMES[(index * 7) % FIRST_NAMES.length]!,
      lastName: LAST_NAMES[(index + Math.floor(index / DEMO_MEMBER_COUNT)) % LAST_NAMES.length]!,
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

/*
 * The year behind the cast (docs/product.md#demo-data-and-sandbox): when each member joins and
 * what they do afterwards, as days counted from their own joining. The store's cycle engine does
 * the rest (renewals, samples chosen at the deadline, shipping); the seed only plays these acts.
 */

/** Something a member does on their own, `day` days after joining. */
export type DemoAct =
  /** Chooses the 2 samples of the box being built (only while it is being built). */
  | { kind: 'samples'; day: number }
  /** Reviews the prime picks of their first box with the cast's stars and words. */
  | { kind: 'review'; day: number }
  | { kind: 'skip'; day: number }
  | { kind: 'pause'; day: number; cycles: number }
  /** Buys one full-size tub of a product they have sampled, in the shop. */
  | { kind: 'shop'; day: number }
  /** Adds one full-size tub of a product they have sampled to their next box. */
  | { kind: 'extra'; day: number }
  /**
   * Opens the cancel page: looks at the offer of each reason in `reasons`, then takes the last
   * one's offer or cancels with that reason.
   */
  | { kind: 'cancel'; day: number; reasons: number[]; takesOffer: boolean };

export interface DemoStory {
  member: DemoMember;
  /** Days before the end of the history (0: its last day). */
  joinsDaysAgo: number;
  acts: DemoAct[];
}

/** A visitor who leaves the quiz: after `step` (1-11), or signed up at 12 without paying. */
export interface DemoQuizVisit {
  daysAgo: number;
  step: number;
  answers: (typeof PROFILES)[number];
  /** For a visitor who signs up (step 12): their address, never a member's. */
  email?: string;
}

/** The first members never cancel: signing in as `demo-member-01` shows a live membership. */
const DEMO_MEMBERS_WHO_STAY = 5;

/** A small deterministic random source (mulberry32), so the history is the same on every start. */
function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where visitors leave the quiz, by step (1-11), most at the diet questions (4-5); the rest sign up. */
const LEAVES_AFTER = [1, 1, 2, 2, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12, 12];

/**
 * Each member's joining day and acts over a history of `days` days, and the quiz visitors who do
 * not become members. Joining grows towards the end (a store that is catching on).
 */
export function demoHistory(options: { members: number; days: number }): {
  stories: DemoStory[];
  visits: DemoQuizVisit[];
} {
  const { days } = options;
  const cast = demoMembers(options.members);
  const count = cast.length;
  const stories = cast.map((member, index): DemoStory => {
    const random = randomSource(Math.imul(index + 1, 0x9e3779b1));
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
    // A spread over the whole history (the members' numbers are not the joining order), more
    // joining lately: the share joined by a point of the history grows as its square root
    // (the golden ratio's steps cover [0, 1) evenly for any number of members).
    const place = (index * 0.6180339887) % 1;
    const joinsDaysAgo = Math.round(days * (1 - Math.sqrt(place)));
    const acts: DemoAct[] = [];
    const cycle = [30, 45, 60][member.deliverySchedule]!;
    // A quarter choose their samples themselves, for their first two boxes; the store chooses
    // the others' (and theirs after that) at each build deadline.
    if (random() < 0.25) {
      for (let box = 0; box < 2; box++) acts.push({ kind: 'samples', day: 1 + box * cycle });
    }
    if (member.reviews.length > 0) acts.push({ kind: 'review', day: between(11, 20) });
    if (random() < 0.2) acts.push({ kind: 'skip', day: between(20, 120) });
    if (random() < 0.12) acts.push({ kind: 'pause', day: between(30, 180), cycles: between(1, 3) });
    if (random() < 0.25) acts.push({ kind: 'shop', day: between(14, 160) });
    if (random() < 0.2) acts.push({ kind: 'extra', day: between(14, 160) });
    if (index >= DEMO_MEMBERS_WHO_STAY && random() < 0.45) {
      const reasons = random() < 0.3 ? [pick([0, 1, 2, 3]), pick([0, 1, 2, 3])] : [pick([0, 1, 1, 2, 3, 3])];
      const takesOffer = random() < 0.35;
      const day = between(15, 150);
      acts.push({ kind: 'cancel', day, reasons: [...new Set(reasons)], takesOffer });
      // Some of those the offer kept leave later all the same, for another reason.
      if (takesOffer && random() < 0.4) {
        const later = ([0, 1, 2, 3] as const).filter((r) => !reasons.includes(r));
        acts.push({ kind: 'cancel', day: day + between(45, 120), reasons: [pick(later)], takesOffer: false });
      }
    }
    acts.sort((a, b) => a.day - b.day);
    return { member, joinsDaysAgo, acts };
  });
  const random = randomSource(count * 31 + days);
  // About one visitor who leaves for every two members.
  const visits = Array.from({ length: Math.round(count / 2) }, (_, index): DemoQuizVisit => {
    const step = LEAVES_AFTER[Math.floor(random() * LEAVES_AFTER.length)]!;
    return {
      daysAgo: Math.floor(days * (1 - Math.sqrt(random()))),
      step,
      answers: PROFILES[index % PROFILES.length]!,
      ...(step === 12 ? { email: `demo-visitor-${String(index + 1).padStart(2, '0')}@example.com` } : {}),
    };
  });
  return { stories, visits };
}
