import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '@/components/layouts/require-auth.tsx';
import { RootLayout } from '@/components/layouts/root-layout.tsx';
import type { RouteHandle } from '@/components/layouts/route-handle.ts';
import { CartPanelHost } from '@/features/cart/components/cart-panel-host.tsx';

type RouteModule = { default: React.ComponentType; handle?: RouteHandle };

/**
 * Each page is its own chunk, so the first visit downloads only the page it lands on. A page may
 * export a `handle` (RouteHandle) to shape the layout, such as hiding the top menu.
 */
function page(load: () => Promise<RouteModule>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await load();
      return { Component: module.default, handle: module.handle };
    },
  };
}

/** The full route table of docs/product.md#screens; guarded routes sit under RequireAuth. */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <RootLayout />
        {/* The MY CART side panel, once for every page of a signed-in member. */}
        <CartPanelHost />
      </>
    ),
    children: [
      { index: true, ...page(() => import('./routes/home.tsx')) },
      { path: 'login', ...page(() => import('./routes/login.tsx')) },
      { path: 'login-link', ...page(() => import('./routes/login-link.tsx')) },
      { path: 'register', ...page(() => import('./routes/register.tsx')) },
      { path: 'forgot-password', ...page(() => import('./routes/forgot-password.tsx')) },
      { path: 'reset-password', ...page(() => import('./routes/reset-password.tsx')) },
      { path: 'verification/:code/:userId', ...page(() => import('./routes/verification.tsx')) },
      { path: 'take-quiz/:step', ...page(() => import('./routes/take-quiz.tsx')) },
      { path: 'take-quiz/:step/:quizId', ...page(() => import('./routes/take-quiz.tsx')) },
      { path: 'subscriptions-learn-more', ...page(() => import('./routes/learn-more.tsx')) },
      { path: 'cancel', ...page(() => import('./routes/cancel.tsx')) },
      { path: 'frequency', ...page(() => import('./routes/frequency.tsx')) },
      { path: 'cancel-reason', ...page(() => import('./routes/cancel-reason.tsx')) },
      { path: 'unsubscribe/:token?', ...page(() => import('./routes/unsubscribe.tsx')) },
      { path: 'privacy-policy', ...page(() => import('./routes/privacy-policy.tsx')) },
      { path: 'influencer', ...page(() => import('./routes/influencer.tsx')) },
      { path: 'dev/mailbox', ...page(() => import('./routes/dev-mailbox.tsx')) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'result/:quizId', ...page(() => import('./routes/result.tsx')) },
          { path: 'subscribe/:orderId', ...page(() => import('./routes/subscribe.tsx')) },
          { path: 'checkout', ...page(() => import('./routes/checkout.tsx')) },
          { path: 'checkout/:orderId', ...page(() => import('./routes/checkout.tsx')) },
          { path: 'cart-checkout', ...page(() => import('./routes/cart-checkout.tsx')) },
          { path: 'checkout-completed', ...page(() => import('./routes/checkout-completed.tsx')) },
          { path: 'thank-you/:orderId', ...page(() => import('./routes/thank-you.tsx')) },
          { path: 'profile', ...page(() => import('./routes/profile.tsx')) },
          { path: 'membership', ...page(() => import('./routes/membership.tsx')) },
          { path: 'membership/confirm-payment', ...page(() => import('./routes/confirm-payment.tsx')) },
          { path: 'shop', ...page(() => import('./routes/shop.tsx')) },
          { path: 'billing', ...page(() => import('./routes/billing.tsx')) },
          { path: 'product-detail/:productId', ...page(() => import('./routes/product-detail.tsx')) },
          { path: 'build-your-box/:orderId', ...page(() => import('./routes/build-your-box.tsx')) },
          { path: 'choose-samples/:orderId', ...page(() => import('./routes/choose-samples.tsx')) },
          { path: 'sample-detail/:orderId/:productId', ...page(() => import('./routes/sample-detail.tsx')) },
          { path: 'order-detail/:orderId', ...page(() => import('./routes/order-detail.tsx')) },
          { path: 'review-box', ...page(() => import('./routes/review-box.tsx')) },
          { path: 'admin/*', ...page(() => import('./routes/admin.tsx')) },
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found.tsx')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
