import { type Cart, CartMessages } from '@store/contracts';
import { useSyncExternalStore } from 'react';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { setCartCount } from '@/lib/cart-count.ts';
import { onCartChangedElsewhere, tellOtherTabsCartChanged } from '@/lib/cart-sync.ts';
import { notify } from '@/lib/notifications.ts';
import { storeCartId, storedCartId } from '../utils/stored-cart-id.ts';
import * as cartApi from './cart-api.ts';

/**
 * The member's cart, shared by the side panel and any screen that shows cart lines (docs/product.md#states-and-flows
 * cart: each change saves and reloads the cart; the count is shared state updated on add and load).
 */
export interface CartState {
  cart: Cart | null;
  /** idle: never read; loading: the first read; ready; error: the read failed. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** A change is being saved: the controls wait. */
  isBusy: boolean;
  /** Why the last change failed, shown inside the panel (the page's snackbars sit under its backdrop). */
  message: string | null;
}

let state: CartState = { cart: null, status: 'idle', isBusy: false, message: null };
const listeners = new Set<() => void>();

function setState(next: Partial<CartState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

function accept(cart: Cart | null) {
  // A cart that went to checkout is finished: the next add starts a new one.
  const open = cart && cart.status === 'open' ? cart : null;
  storeCartId(open?.id ?? null);
  setCartCount(open?.cartItemsCount ?? 0);
  setState({ cart: open, status: 'ready' });
}

export function getCartState(): CartState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCart(): CartState {
  return useSyncExternalStore(subscribe, () => state);
}

let reading: Promise<void> | undefined;

/**
 * Reads the cart: the stored cartId, or the member's open cart when there is none or it is gone
 * (404 removes the key) or finished.
 */
export function loadCart(): Promise<void> {
  reading ??= (async () => {
    if (state.status !== 'ready') setState({ status: 'loading' });
    try {
      const id = storedCartId();
      let cart: Cart | null = null;
      if (id) {
        try {
          cart = await cartApi.getCart(id);
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
          storeCartId(null);
        }
      }
      if (cart?.status !== 'open') cart = await cartApi.getOpenCart();
      accept(cart);
    } catch (error) {
      console.error('The cart could not be read', error);
      setState({ status: state.cart ? 'ready' : 'error' });
    }
  })().finally(() => {
    reading = undefined;
  });
  return reading;
}

/** Hides the last failure's message (the panel opens afresh). */
export function dismissCartMessage(): void {
  if (state.message) setState({ message: null });
}

/** Forgets the cart in this tab (after checkout or logout). */
export function clearCart(): void {
  storeCartId(null);
  setCartCount(0);
  setState({ cart: null, status: 'idle', isBusy: false, message: null });
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return NETWORK_ERROR_MESSAGE;
}

// Another tab changed the cart: read it again quietly (docs/reliability.md#e7).
onCartChangedElsewhere(() => {
  if (state.status === 'ready' && !state.isBusy) void loadCart();
});
const tellOtherTabs = tellOtherTabsCartChanged;

/**
 * Runs one change. A 409 for an old `version` means another tab changed the cart first: the cart
 * is read again quietly and, when the line the change is about is as the person saw it, the
 * change is made again on the fresh cart; otherwise the fresh cart simply shows (no error: nothing
 * went wrong, docs/reliability.md#e7). Other failures are said in the panel. Answers whether the
 * change went through.
 */
async function change(
  run: (cart: Cart) => Promise<Cart>,
  stillMeant: (seen: Cart, fresh: Cart) => boolean = () => false,
): Promise<boolean> {
  const cart = state.cart;
  if (!cart || state.isBusy) return false;
  setState({ isBusy: true, message: null });
  try {
    accept(await run(cart));
    tellOtherTabs();
    return true;
  } catch (error) {
    let failure: unknown = error;
    if (error instanceof ApiError && error.message === CartMessages.stale) {
      await loadCart();
      const fresh = state.cart;
      if (!fresh || !stillMeant(cart, fresh)) return false;
      try {
        accept(await run(fresh));
        tellOtherTabs();
        return true;
      } catch (again) {
        failure = again;
      }
    }
    console.error('The cart change failed', failure);
    // Shown in the panel: the page's snackbars sit under the modal panel's backdrop.
    setState({ message: messageOf(failure) });
    if (failure instanceof ApiError && (failure.status === 409 || failure.status === 404)) await loadCart();
    return false;
  } finally {
    setState({ isBusy: false });
  }
}

/** The line `itemId` has the same quantity in both carts. */
const sameLine = (itemId: string) => (seen: Cart, fresh: Cart) => {
  const before = seen.items.find((i) => i.id === itemId);
  const now = fresh.items.find((i) => i.id === itemId);
  return Boolean(before && now && before.quantity === now.quantity);
};

export const setQuantity = (itemId: string, quantity: number) =>
  change((cart) => cartApi.saveCartItem(itemId, quantity, cart.version), sameLine(itemId));

export const removeItem = (itemId: string) =>
  change((cart) => cartApi.deleteCartItem(itemId, cart.version), sameLine(itemId));

export const applyCoupon = (code: string) => change((cart) => cartApi.applyCoupon(cart.id, code.trim()));

export const removeCoupon = () => change((cart) => cartApi.removeCoupon(cart.id));

/** Adds one tub; answers the cart, or null after logging and showing why it failed. */
export async function addProduct(productId: number): Promise<Cart | null> {
  try {
    const cart = await cartApi.addToCart(productId, storedCartId());
    accept(cart);
    tellOtherTabs();
    return cart;
  } catch (error) {
    console.error('Add to cart failed', error);
    notify(messageOf(error), 'error');
    return null;
  }
}
