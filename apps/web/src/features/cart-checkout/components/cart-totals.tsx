import { CART_HANDLING_FEE_TEXT, type Cart, type CartCheckoutQuote } from '@store/contracts';
import { usd } from '../utils/money.ts';

/**
 * The totals (docs/product.md#shop-and-cart): Subtotal, the coupon, Shipping Free, Handling Fee $2.99, Estimated Tax
 * for the state, Total (USD); all from the server's quote, the cart's own numbers until it answers.
 */
export function CartTotals({
  cart,
  quote,
  isUpdating,
  hasState,
}: {
  cart: Cart;
  quote: CartCheckoutQuote | null;
  isUpdating: boolean;
  hasState: boolean;
}) {
  const subTotal = quote?.subTotal ?? cart.subTotal;
  const discount = quote?.discount ?? cart.couponDiscount;
  const tax = hasState ? (quote?.taxAmount ?? null) : null;
  const total = quote?.total ?? null;
  return (
    <section className="cart-totals" aria-labelledby="cart-totals-title" aria-busy={isUpdating || undefined}>
      <h2 id="cart-totals-title" className="cart-checkout__section-title">
        Total
      </h2>
      <table className="cart-totals__table">
        <tbody>
          <tr>
            <th scope="row">Subtotal</th>
            <td>{usd(subTotal)}</td>
          </tr>
          {discount > 0 ? (
            <tr className="cart-totals__discount">
              <th scope="row">Coupon{cart.couponCode ? ` (${cart.couponCode})` : ''}</th>
              <td>-{usd(discount)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">Shipping</th>
            <td>Free</td>
          </tr>
          <tr>
            <th scope="row">Handling Fee</th>
            <td>{CART_HANDLING_FEE_TEXT}</td>
          </tr>
          <tr>
            <th scope="row">Estimated Tax</th>
            <td aria-live="polite">{isUpdating ? 'Updating...' : tax === null ? '—' : usd(tax)}</td>
          </tr>
          <tr className="cart-totals__total">
            <th scope="row">Total (USD)</th>
            <td aria-live="polite">{total === null ? '—' : usd(total)}</td>
          </tr>
        </tbody>
      </table>
      {hasState ? null : <p className="cart-totals__note">Tax is added once you choose your state.</p>}
      {cart.youSaved > 0 ? (
        <p className="cart-totals__saved">You save {usd(cart.youSaved)} with member prices.</p>
      ) : null}
    </section>
  );
}
