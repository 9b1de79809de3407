import { CheckoutCompletedPage } from '@/features/cart-checkout/components/checkout-completed-page.tsx';

/** /checkout-completed (guarded): after a paid cart. */
export default function CheckoutCompletedRoute() {
  return <CheckoutCompletedPage />;
}
