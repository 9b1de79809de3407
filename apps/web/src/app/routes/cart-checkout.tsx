import { useRef } from 'react';
import {
  CardField,
  type CardFieldHandle,
  SavedCardProcessorNote,
} from '@/features/card-field/components/card-field.tsx';
import { CartLines, clearCart, loadCart } from '@/features/cart/index.ts';
import { CartCheckoutPage } from '@/features/cart-checkout/components/cart-checkout-page.tsx';
import { ShippingForm } from '@/features/checkout/components/shipping-form.tsx';
// The shipping form's layout lives with the first checkout's styles.
import '@/features/checkout/components/checkout.css';

/**
 * /cart-checkout (guarded): the cart checkout composed with the first checkout's shipping form, the
 * card field, the cart's own lines, and the cart panel's store (kept in step with changes made here).
 */
export default function CartCheckoutRoute() {
  const card = useRef<CardFieldHandle>(null);
  return (
    <CartCheckoutPage
      card={card}
      onCartChanged={() => void loadCart()}
      onOrderPlaced={clearCart}
      renderShippingForm={(props) => <ShippingForm {...props} />}
      renderCardField={(isDisabled) => <CardField ref={card} isDisabled={isDisabled} />}
      renderSavedCardNote={() => <SavedCardProcessorNote />}
      renderCartLines={(props) => <CartLines {...props} variant="summary" />}
    />
  );
}
