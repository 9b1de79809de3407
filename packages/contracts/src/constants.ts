/** Business constants shared by the API and the web app (docs/product.md#constants, docs/product.md#decisions). */

/** Browser storage keys, as the spec names them. */
export const StorageKeys = {
  auth: 'auth',
  authRefreshToken: 'authRefreshToken',
  cartId: 'cartId',
  referralPopupShown: 'referralPopupShown',
} as const;

/** Paths the spec fixes. */
export const Paths = {
  quizStart: '/take-quiz/1',
  login: '/login',
  howItWorksAnchor: 'how-it-works',
} as const;

/** Snackbars stay this long (ms). */
export const TOAST_MS = 4000;
/** Quiz warnings hide after this long (ms). */
export const QUIZ_WARNING_MS = 5000;
/** Review validation messages stay this long (ms). */
export const REVIEW_ERROR_MS = 3000;
/** The referral popup opens this long after the shop loads (ms). */
export const REFERRAL_POPUP_DELAY_MS = 5000;

/** Home carousel (docs/product.md#constants). */
export const Carousel = { slides: 2, advanceMs: 5000, swipeThresholdPx: 50 } as const;

/** Default configured prices in cents (docs/product.md#price); the server's config may override them. */
export const DEFAULT_PLAN_PRICE_CENTS = 1400;
export const DEFAULT_HANDLING_FEE_CENTS = 299;

/** Delivery schedules: index 0, 1, 2 -> 30, 45, 60 days. */
export const DELIVERY_SCHEDULE_DAYS = [30, 45, 60] as const;

/** Fixed ids of two quiz options the quiz warns about (docs/api-conventions.md#fixed-ids). */
export const VEGAN_DIET_ID = 0;
export const LACTOSE_RESTRICTION_ID = 2;

/** Flavors: exactly this many are chosen (docs/product.md#rules: at least 4, at most 4). */
export const QUIZ_FLAVOR_COUNT = 4;
/**
 * Steps of the quiz; 13 and 14 are results and plan choice. The quiz's constants live here, not
 * beside its schemas: its first step then loads no zod (docs/performance.md#initial-javascript).
 */
export const QUIZ_STEPS = 12;

/** Accounts need this age or more (docs/product.md#age). */
export const MIN_AGE = 13;
export const MAX_AGE = 100;

/** Password length bounds (docs/product.md#passwords). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** Access tokens live 15 minutes; a refresh-token family at most 30 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_FAMILY_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Formats integer cents as dollars with 2 decimals ("14.00"). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Formats integer cents for people: "$14.00". */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * "#00002": the one customer-facing number of an order, the last 5 characters of its stored
 * number, the same on every page, email and back-office screen (docs/product.md#order-numbers).
 * Here rather than beside the order schemas: a page that shows the number without reading an order
 * (the tub plans' page) then loads no zod (docs/performance.md#initial-javascript).
 */
export function displayOrderNumber(orderNumber: string): string {
  return `#${orderNumber.slice(-5)}`;
}

/**
 * The ambassador form's messages, word for word from docs/product.md#rules. Here rather than
 * beside the form's schema (site.ts): the ambassador page shows them before it has loaded the
 * schema, and a constant beside schemas brings them along (docs/performance.md#initial-javascript).
 */
export const PartnerMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  /** Shown after a successful application (the spec gives only its start). */
  thanks: "Thanks for applying! We'll reach out by email within 5 business days.",
} as const;

/**
 * The origin the prerendered public pages are built with: their social-card image and canonical
 * URLs need an absolute address the build cannot know. The API puts its PUBLIC_URL in its place
 * when it loads the pages (docs/decisions/014-prerendered-public-pages.md#serving).
 */
export const PRERENDER_ORIGIN = 'https://prerendered-origin.invalid';

/**
 * The public pages search engines may list, as paths; `/sitemap.xml` gives each as PUBLIC_URL + path
 * (docs/product.md#search-engines).
 */
export const PUBLIC_PAGES = [
  '/',
  '/take-quiz/1',
  '/subscriptions-learn-more',
  '/influencer',
  '/privacy-policy',
  '/login',
  '/register',
  '/forgot-password',
] as const;

/**
 * Path prefixes of member, checkout, back-office and development pages, and of the API, that
 * `/robots.txt` asks crawlers to stay out of (docs/product.md#search-engines).
 */
export const ROBOTS_DISALLOWED = [
  '/api/',
  '/admin',
  '/dev/',
  '/profile',
  '/membership',
  '/shop',
  '/billing',
  '/cancel',
  '/frequency',
  '/checkout',
  '/cart-checkout',
  '/thank-you/',
  '/order-detail/',
  '/review-box',
  '/build-your-box/',
  '/choose-samples/',
  '/sample-detail/',
  '/subscribe/',
  '/result/',
  '/product-detail/',
  '/unsubscribe/',
  '/verification/',
  '/reset-password',
] as const;
