import {
  CART_HANDLING_FEE_TEXT,
  type Cart,
  CartCheckoutMessages,
  type CartCheckoutQuote,
} from '@store/contracts';
import { Button } from '@/components/ui/button.tsx';
import { CartTotals } from './cart-totals.tsx';

/** The side column: the server's totals, Confirm, the payment's error, and what paying means. */
export function PayAside({
  cart,
  quote,
  isUpdating,
  hasState,
  isProcessing,
  paymentError,
  renewal,
}: {
  cart: Cart;
  quote: CartCheckoutQuote | null;
  isUpdating: boolean;
  hasState: boolean;
  isProcessing: boolean;
  paymentError: string | null;
  /** The member's next box as their plan stands (renewalNotice), or null without a live plan. */
  renewal: string | null;
}) {
  return (
    <aside className="cart-checkout__aside">
      <CartTotals cart={cart} quote={quote} isUpdating={isUpdating} hasState={hasState} />
      {renewal ? (
        <p id="cart-checkout-renewal" className="cart-checkout__renewal">
          Your membership stays as it is. {renewal}.
        </p>
      ) : null}
      <Button
        type="submit"
        block
        disabled={isProcessing}
        aria-busy={isProcessing || undefined}
        aria-describedby={renewal ? 'cart-checkout-renewal' : undefined}
      >
        {isProcessing ? CartCheckoutMessages.confirming : CartCheckoutMessages.confirm}
      </Button>
      {paymentError ? (
        <p className="form-alert cart-checkout__error" role="alert">
          {paymentError}
        </p>
      ) : null}
      <ul className="pay-promises" aria-label="What paying means">
        <li>You are charged the total above once, now. Tubs ship within 3 business days.</li>
        <li>Shipping is free; one {CART_HANDLING_FEE_TEXT} handling fee per order.</li>
        <li>
          Buying tubs does not change your membership: skip or pause a box under Membership, Delivery
          schedule, or cancel under Membership, Cancel membership, any time before a renewal.
        </li>
      </ul>
    </aside>
  );
}
