import { useRef } from 'react';
import { CardField, type CardFieldHandle } from '@/features/card-field/components/card-field.tsx';
import { CartCheckoutPage } from '@/features/cart-checkout/components/cart-checkout-page.tsx';
import { ShippingForm } from '@/features/checkout/components/shipping-form.tsx';
// The shipping form's layout lives with the first checkout's styles.
import '@/features/checkout/components/checkout.css';

/** /cart-checkout (guarded): the cart checkout composed with the first checkout's shipping form and the card field. */
export default function CartCheckoutRoute() {
  const card = useRef<CardFieldHandle>(null);
  return (
    <CartCheckoutPage
      card={card}
      renderShippingForm={(props) => <ShippingForm {...props} />}
      renderCardField={(isDisabled) => <CardField ref={card} isDisabled={isDisabled} />}
    />
  );
}
