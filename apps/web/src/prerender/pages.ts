import { Paths } from '@store/contracts';
import { paths } from '@/config/paths.ts';

/** One public page built into HTML at build time (docs/decisions/014-prerendered-public-pages.md#what-is-prerendered). */
export interface PrerenderedPage {
  /**
   * The URL path as the server matches it; a `:name` segment stands for any one segment (the
   * verification link's code and account), and the page's first render must not show it.
   */
  path: string;
  /** A URL to render the page at when `path` has `:name` segments or needs `requiredQuery`. */
  renderAt?: string;
  /**
   * Query parameters that must be present and non-empty for the prerendered page to be served;
   * without them the page renders something else first (a reset link without its token says the
   * link is incomplete), so the app shell is sent instead.
   */
  requiredQuery?: readonly string[];
  /** The file written under dist/prerendered/. */
  file: string;
  /** The route module, so the page's own CSS and script chunks go into its HTML. */
  module: string;
  /**
   * Whether the page is served prerendered whatever its query string. False when the query
   * changes the first render (the quiz carries ?referralCode= in its links).
   */
  anyQuery: boolean;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: paths.home(), file: 'home.html', module: 'src/app/routes/home.tsx', anyQuery: true },
  {
    path: paths.privacyPolicy(),
    file: 'privacy-policy.html',
    module: 'src/app/routes/privacy-policy.tsx',
    anyQuery: true,
  },
  {
    path: paths.influencer(),
    file: 'influencer.html',
    module: 'src/app/routes/influencer.tsx',
    anyQuery: true,
  },
  {
    path: paths.learnMore(),
    file: 'subscriptions-learn-more.html',
    module: 'src/app/routes/learn-more.tsx',
    anyQuery: true,
  },
  { path: paths.login(), file: 'login.html', module: 'src/app/routes/login.tsx', anyQuery: true },
  { path: paths.register(), file: 'register.html', module: 'src/app/routes/register.tsx', anyQuery: true },
  {
    path: paths.forgotPassword(),
    file: 'forgot-password.html',
    module: 'src/app/routes/forgot-password.tsx',
    anyQuery: true,
  },
  // The pages a mail links to: their frame paints from HTML while the script loads; what the link
  // does (verify, log in) still comes from the API once the page has hydrated.
  {
    path: '/verification/:code/:userId',
    renderAt: paths.verification('code', 'account'),
    file: 'verification.html',
    module: 'src/app/routes/verification.tsx',
    anyQuery: true,
  },
  { path: '/login-link', file: 'login-link.html', module: 'src/app/routes/login-link.tsx', anyQuery: true },
  {
    path: paths.resetPassword(),
    renderAt: `${paths.resetPassword()}?token=token&email=address`,
    requiredQuery: ['token', 'email'],
    file: 'reset-password.html',
    module: 'src/app/routes/reset-password.tsx',
    anyQuery: true,
  },
  {
    path: Paths.quizStart,
    file: 'take-quiz-1.html',
    module: 'src/app/routes/take-quiz.tsx',
    anyQuery: false,
  },
];
