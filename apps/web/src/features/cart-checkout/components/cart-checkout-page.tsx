import { CartCheckoutMessages } from '@store/contracts';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { getSavedCard, loadCheckoutCart } from '../api/cart-checkout-api.ts';
import { CARD_KEY, CART_KEY, type CartCheckoutPageProps } from './cart-checkout-types.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { StatePanel } from './state-panel.tsx';
import './cart-checkout.css';

export type { CartLinesRenderProps, ShippingFormRenderProps } from './cart-checkout-types.ts';

/** /cart-checkout: loads the cart and the saved card, then shows the form, or why it cannot. */
export function CartCheckoutPage(props: CartCheckoutPageProps) {
  const cart = useApi(CART_KEY, loadCheckoutCart);
  const savedCard = useApi(CARD_KEY, getSavedCard);
  if (cart.error || savedCard.error) {
    const error = cart.error ?? savedCard.error;
    return (
      <StatePanel title="We could not load your cart">
        <p>
          {error instanceof ApiError && error.status < 500
            ? error.message
            : 'This is on our side. Please try again in a moment.'}
        </p>
        <Button
          onClick={() => {
            cart.reload();
            savedCard.reload();
          }}
        >
          Try again
        </Button>
      </StatePanel>
    );
  }
  if (cart.isLoading || savedCard.isLoading) {
    return (
      <main className="cart-checkout cart-checkout--state">
        <PageTitle title="Checkout" />
        <h1 className="visually-hidden">Checkout</h1>
        <Spinner large label="Loading your cart" />
      </main>
    );
  }
  if (!cart.data || cart.data.items.length === 0 || cart.data.status === 'ordered') {
    return (
      <StatePanel title={CartCheckoutMessages.emptyCart}>
        <p>Find tubs of the products you sampled, at member prices.</p>
        <Link to={paths.shop()} className={buttonClass('primary')}>
          Go to the shop
        </Link>
      </StatePanel>
    );
  }
  return <CheckoutForm {...props} cart={cart.data} savedCard={savedCard.data ?? null} />;
}
