/** One still of the quiz preview: which screen, what is ticked, and how long it stays. */
export interface ClipFrame {
  screen: 'exercise' | 'flavors' | 'results';
  checked: readonly number[];
  /** The progress bar, as the real quiz shows it (docs/product.md#states-and-flows). */
  progress: number;
  ms: number;
}

export const EXERCISE_OPTIONS = [
  'Weight training',
  'Running',
  'HIIT or CrossFit',
  'Yoga or Pilates',
] as const;
export const FLAVOR_OPTIONS = [
  'Chocolate',
  'Vanilla',
  'Cookies & Cream',
  'Strawberry',
  'Peanut Butter',
  'Salted Caramel',
] as const;
export const RESULT_PICKS = [
  { name: 'Double Chocolate Whey', why: 'Chocolate, which you chose', color: '#6b3e26', isPrime: true },
  { name: 'Vanilla Isolate', why: 'Low sugar, mixes with water', color: '#f3d9a0', isPrime: true },
  { name: 'Cookies & Cream Blend', why: 'A flavor you chose', color: '#3b3b3b', isPrime: false },
  { name: 'Salted Caramel Casein', why: 'Slow protein for the evening', color: '#c98a3b', isPrime: false },
] as const;

/** About 12 seconds: pick workouts, pick 4 flavors, see the matches. */
export const CLIP_FRAMES: readonly ClipFrame[] = [
  { screen: 'exercise', checked: [], progress: 7, ms: 1100 },
  { screen: 'exercise', checked: [0], progress: 7, ms: 700 },
  { screen: 'exercise', checked: [0, 2], progress: 7, ms: 1100 },
  { screen: 'flavors', checked: [], progress: 42, ms: 900 },
  { screen: 'flavors', checked: [0], progress: 42, ms: 550 },
  { screen: 'flavors', checked: [0, 1], progress: 42, ms: 550 },
  { screen: 'flavors', checked: [0, 1, 2], progress: 42, ms: 550 },
  { screen: 'flavors', checked: [0, 1, 2, 5], progress: 42, ms: 1200 },
  { screen: 'results', checked: [], progress: 95, ms: 3400 },
];

export const CLIP_TOTAL_MS = CLIP_FRAMES.reduce((sum, f) => sum + f.ms, 0);
