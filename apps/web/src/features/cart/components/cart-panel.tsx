import { CART_HANDLING_FEE_TEXT } from '@store/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { registerCartPanel } from '@/lib/cart-count.ts';
import {
  dismissCartMessage,
  getCartState,
  loadCart,
  removeItem,
  setQuantity,
  useCart,
} from '../api/cart-store.ts';
import { usd } from '../utils/money.ts';
import { storedCartId } from '../utils/stored-cart-id.ts';
import { CartLines } from './cart-lines.tsx';
import './cart.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the panel: past the last control comes the first, and back. */
function trapTab(root: HTMLElement, event: React.KeyboardEvent) {
  const focusable = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null,
  );
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The MY CART side panel (docs/product.md#shop-and-cart, docs/product.md#states-and-flows): a modal drawer 719 px wide on desktop
 * and full width on phones. It reads the cart when the app starts (the badge) and again each time
 * it opens; the top bar's cart icon and every ADD TO CART open it. Escape or × closes it and focus
 * goes back to what opened it.
 */
export default function CartPanel() {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [isOpen, setOpen] = useState(false);
  const { cart, status, isBusy, message } = useCart();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    void loadCart();
    return registerCartPanel(() => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dismissCartMessage();
      setOpen(true);
      void loadCart();
    });
  }, []);

  // Another screen may have finished the cart (the cart checkout removes the stored cartId on
  // success): on each page change, a stored id that is not the cart shown means read it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page changing is the trigger
  useEffect(() => {
    const current = getCartState();
    if (current.status === 'ready' && storedCartId() !== (current.cart?.id ?? null)) void loadCart();
  }, [pathname]);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (isOpen && !el.open) el.showModal();
    if (!isOpen && el.open) {
      el.close();
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
    }
  }, [isOpen]);

  const close = () => setOpen(false);
  const items = cart?.items ?? [];
  const isEmpty = items.length === 0;

  return (
    <dialog
      ref={dialog}
      className="cart-panel"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Tab' && dialog.current) trapTab(dialog.current, event);
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the sheet) closes it.
        if (event.target === dialog.current) close();
      }}
    >
      <div className="cart-panel__sheet">
        <header className="cart-panel__header">
          <h2 id={titleId} className="cart-panel__title">
            MY CART
          </h2>
          <button type="button" className="cart-panel__close" aria-label="Close the cart" onClick={close}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                fill="currentColor"
                d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6Z"
              />
            </svg>
          </button>
        </header>

        <div className="cart-panel__body">
          {message ? (
            <p className="cart-panel__message" role="alert">
              {message}
            </p>
          ) : null}
          {status === 'loading' && !cart ? (
            <div className="cart-panel__state" role="status">
              <Spinner large />
              <p>Loading your cart...</p>
            </div>
          ) : status === 'error' && !cart ? (
            <div className="cart-panel__state" role="alert">
              <p>We could not load your cart.</p>
              <button type="button" className="cart-panel__link-button" onClick={() => void loadCart()}>
                Try again
              </button>
            </div>
          ) : isEmpty ? (
            <div className="cart-panel__state cart-panel__state--empty">
              <p className="cart-panel__empty-title">Your cart is empty.</p>
              <p>Tubs of the products from your boxes are waiting in the shop at member prices.</p>
              <Link className="cart-panel__link-button" to={paths.shop()} onClick={close}>
                Go to the shop
              </Link>
            </div>
          ) : (
            <CartLines
              items={items}
              isDisabled={isBusy}
              onQuantity={(item, quantity) => void setQuantity(item.id, quantity)}
              onDelete={(item) => void removeItem(item.id)}
            />
          )}
        </div>

        {cart && !isEmpty ? (
          <footer className="cart-panel__footer" aria-busy={isBusy || undefined}>
            {cart.couponCode && cart.couponDiscount > 0 ? (
              <p className="cart-panel__row cart-panel__row--coupon">
                <span>
                  Coupon {cart.couponCode} <span className="cart-panel__muted">({cart.couponLabel})</span>
                </span>
                <span>−{usd(cart.couponDiscount)}</span>
              </p>
            ) : null}
            {cart.youSaved > 0 ? (
              <p className="cart-panel__savings" data-testid="cart-savings">
                You saved {usd(cart.youSaved)}
              </p>
            ) : null}
            <p className="cart-panel__row cart-panel__row--total">
              <span>Subtotal</span>
              <strong data-testid="cart-subtotal">{usd(cart.totalPrice)}</strong>
            </p>
            <p className="cart-panel__fine-print">
              Shipping is free. A {CART_HANDLING_FEE_TEXT} handling fee per order and tax are added at
              checkout.
            </p>
            <button
              type="button"
              className="cart-panel__checkout"
              disabled={isBusy}
              onClick={() => {
                close();
                navigate(paths.cartCheckout());
              }}
            >
              CHECKOUT
            </button>
          </footer>
        ) : null}
      </div>
    </dialog>
  );
}
