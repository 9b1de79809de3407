import type { Cart } from '@store/contracts';
import { type ReactNode, useState } from 'react';
import type { CartLinesRenderProps } from './cart-checkout-types.ts';
import { CouponBox } from './coupon-box.tsx';

type Item = Cart['items'][number];

/** The order summary: a disclosure with the cart's lines (steppers, delete) and the coupon box. */
export function OrderSummarySection({
  cart,
  isDisabled,
  renderCartLines,
  onQuantity,
  onDelete,
  onApplyCoupon,
  onRemoveCoupon,
}: {
  cart: Cart;
  isDisabled: boolean;
  renderCartLines: (props: CartLinesRenderProps) => ReactNode;
  onQuantity: (item: Item, quantity: number) => void;
  onDelete: (item: Item) => void;
  onApplyCoupon: (code: string) => Promise<string | null>;
  onRemoveCoupon: () => Promise<string | null>;
}) {
  const [isOpen, setOpen] = useState(true);
  return (
    <section className="cart-checkout__section cart-summary" aria-labelledby="cart-summary-title">
      <h2 className="cart-checkout__section-title">
        <button
          type="button"
          id="cart-summary-title"
          className="cart-summary__toggle"
          aria-expanded={isOpen}
          aria-controls="cart-summary-body"
          onClick={() => setOpen((open) => !open)}
        >
          <span>Order Summary</span>
          <span className="cart-summary__count">
            {cart.cartItemsCount} {cart.cartItemsCount === 1 ? 'item' : 'items'}
          </span>
          <span className="cart-summary__chevron" aria-hidden="true" />
        </button>
      </h2>
      <div id="cart-summary-body" hidden={!isOpen}>
        {cart.status !== 'open' ? (
          <p className="cart-checkout__note">This cart is being paid for; it can no longer be changed.</p>
        ) : null}
        {renderCartLines({ items: cart.items, isDisabled, onQuantity, onDelete })}
        <CouponBox cart={cart} isDisabled={isDisabled} onApply={onApplyCoupon} onRemove={onRemoveCoupon} />
      </div>
    </section>
  );
}
