import { type ComponentType, Suspense, use } from 'react';
import { Outlet, type RouteObject, useLocation } from 'react-router';
import { RequireAuth } from '@/components/layouts/require-auth.tsx';
import { RootLayout } from '@/components/layouts/root-layout.tsx';
import { CartPanelHost } from '@/features/cart/components/cart-panel-host.tsx';
import { MountedSignal } from './mounted.tsx';
import { PageLoadBoundary, PageLoading } from './page-load-boundary.tsx';

type RouteModule = { default: ComponentType };

/** What each route of the table carries besides its element: how to load its page ahead. */
export interface PageHandle {
  preload(): Promise<unknown>;
}

/** One page's chunk: loaded once, by the first render that needs it or ahead by `preload`. */
class PageChunk implements PageHandle {
  loaded: RouteModule | undefined;
  private loading: Promise<RouteModule> | undefined;

  constructor(private readonly load: () => Promise<RouteModule>) {}

  preload(): Promise<RouteModule> {
    // A failed download stays failed for this page load: `use` must see the same promise again to
    // throw its error (a fresh one each render would suspend forever). The error's screen offers a
    // full reload, which starts afresh.
    this.loading ??= this.load().then((module) => {
      this.loaded = module;
      return module;
    });
    return this.loading;
  }
}

/** Renders the chunk's page, suspending until it has downloaded. */
function LazyPage({ chunk }: { chunk: PageChunk }) {
  const { default: Component } = chunk.loaded ?? use(chunk.preload());
  return <Component />;
}

/**
 * One page as its own chunk, so a first visit downloads only the page it lands on. While the next
 * page downloads, the shell shows a loading state in its place. A prerendered page's chunk is
 * loaded before hydration, so its first render is the page, as in the HTML. Why the table is
 * declarative rather than a data router: docs/performance.md#why-the-routes-are-declarative.
 */
function lazyPage(load: () => Promise<RouteModule>): Pick<RouteObject, 'element'> & { handle: PageHandle } {
  const chunk = new PageChunk(load);
  return { element: <LazyPage chunk={chunk} />, handle: chunk };
}

// A page reached by two paths is one element, so moving between them keeps its state.
const takeQuiz = lazyPage(() => import('./routes/take-quiz.tsx'));
const checkout = lazyPage(() => import('./routes/checkout.tsx'));

/**
 * Every page: the shared layout, and the MY CART side panel for a signed-in member. While a page's
 * chunk downloads, its place shows a loading state, so the address bar and the screen always show
 * the same page (the page being left never stays under the next page's address). The signal that
 * the app has mounted sits inside the boundary, so on a prerendered page it fires only once the page
 * itself has hydrated, in time to hand over what the visitor typed before (lib/early-input.ts).
 */
function Shell() {
  return (
    <>
      <RootLayout>
        <PageLoadBoundary path={useLocation().pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <MountedSignal />
          </Suspense>
        </PageLoadBoundary>
      </RootLayout>
      <CartPanelHost />
    </>
  );
}

/** The full route table of docs/product.md#screens; guarded routes sit under RequireAuth. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, ...lazyPage(() => import('./routes/home.tsx')) },
      { path: 'login', ...lazyPage(() => import('./routes/login.tsx')) },
      { path: 'login-link', ...lazyPage(() => import('./routes/login-link.tsx')) },
      { path: 'register', ...lazyPage(() => import('./routes/register.tsx')) },
      { path: 'forgot-password', ...lazyPage(() => import('./routes/forgot-password.tsx')) },
      { path: 'reset-password', ...lazyPage(() => import('./routes/reset-password.tsx')) },
      { path: 'verification/:code/:userId', ...lazyPage(() => import('./routes/verification.tsx')) },
      { path: 'take-quiz/:step', ...takeQuiz },
      { path: 'take-quiz/:step/:quizId', ...takeQuiz },
      { path: 'subscriptions-learn-more', ...lazyPage(() => import('./routes/learn-more.tsx')) },
      { path: 'cancel', ...lazyPage(() => import('./routes/cancel.tsx')) },
      { path: 'frequency', ...lazyPage(() => import('./routes/frequency.tsx')) },
      { path: 'cancel-reason', ...lazyPage(() => import('./routes/cancel-reason.tsx')) },
      { path: 'unsubscribe/:token?', ...lazyPage(() => import('./routes/unsubscribe.tsx')) },
      { path: 'privacy-policy', ...lazyPage(() => import('./routes/privacy-policy.tsx')) },
      { path: 'influencer', ...lazyPage(() => import('./routes/influencer.tsx')) },
      { path: 'dev/mailbox', ...lazyPage(() => import('./routes/dev-mailbox.tsx')) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'result/:quizId', ...lazyPage(() => import('./routes/result.tsx')) },
          { path: 'subscribe/:orderId', ...lazyPage(() => import('./routes/subscribe.tsx')) },
          { path: 'checkout', ...checkout },
          { path: 'checkout/:orderId', ...checkout },
          { path: 'cart-checkout', ...lazyPage(() => import('./routes/cart-checkout.tsx')) },
          { path: 'checkout-completed', ...lazyPage(() => import('./routes/checkout-completed.tsx')) },
          { path: 'thank-you/:orderId', ...lazyPage(() => import('./routes/thank-you.tsx')) },
          { path: 'profile', ...lazyPage(() => import('./routes/profile.tsx')) },
          { path: 'membership', ...lazyPage(() => import('./routes/membership.tsx')) },
          { path: 'membership/confirm-payment', ...lazyPage(() => import('./routes/confirm-payment.tsx')) },
          { path: 'shop', ...lazyPage(() => import('./routes/shop.tsx')) },
          { path: 'billing', ...lazyPage(() => import('./routes/billing.tsx')) },
          { path: 'product-detail/:productId', ...lazyPage(() => import('./routes/product-detail.tsx')) },
          { path: 'build-your-box/:orderId', ...lazyPage(() => import('./routes/build-your-box.tsx')) },
          { path: 'choose-samples/:orderId', ...lazyPage(() => import('./routes/choose-samples.tsx')) },
          {
            path: 'sample-detail/:orderId/:productId',
            ...lazyPage(() => import('./routes/sample-detail.tsx')),
          },
          { path: 'order-detail/:orderId', ...lazyPage(() => import('./routes/order-detail.tsx')) },
          { path: 'review-box', ...lazyPage(() => import('./routes/review-box.tsx')) },
          { path: 'admin/*', ...lazyPage(() => import('./routes/admin.tsx')) },
        ],
      },
      { path: '*', ...lazyPage(() => import('./routes/not-found.tsx')) },
    ],
  },
];

/** Loads the pages `pathname` renders (its route and any layout route with a page), all at once. */
export async function preloadPages(matches: { route: RouteObject }[]): Promise<void> {
  await Promise.all(matches.map(({ route }) => (route.handle as PageHandle | undefined)?.preload()));
}
