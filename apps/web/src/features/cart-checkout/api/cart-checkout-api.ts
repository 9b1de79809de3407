import {
  type Cart,
  type CartCheckoutQuote,
  type CheckoutIdentity,
  type CheckoutPaymentResult,
  IDEMPOTENCY_KEY_HEADER,
  type Order,
  type PaymentMethod,
  StorageKeys,
} from '@store/contracts';
import { apiDelete, apiGet, apiPost } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/*
 * The calls of /cart-checkout (docs/product.md#calls cart, CreateCheckoutPayment). The cart calls are the
 * cart API's; they live here too because features do not import each other.
 */

/** The stored cart id (docs/product.md#constants `cartId`), or null. */
export function storedCartId(): string | null {
  try {
    const value = localStorage.getItem(StorageKeys.cartId);
    return value && value !== '0' ? value : null;
  } catch {
    return null;
  }
}

export function forgetCartId() {
  try {
    localStorage.removeItem(StorageKeys.cartId);
  } catch {
    // storage unavailable: nothing to forget
  }
}

export function rememberCartId(id: string) {
  try {
    localStorage.setItem(StorageKeys.cartId, id);
  } catch {
    // storage unavailable: the open cart is found on the server next time
  }
}

/** The cart to check out: the stored one, else the member's open cart on the server, else null. */
export async function loadCheckoutCart(): Promise<Cart | null> {
  const id = storedCartId();
  if (id) {
    try {
      const cart = await apiGet<Cart>('/cart/GetItem', { query: { id }, quiet: true });
      if (cart.status !== 'ordered') return cart;
    } catch {
      // a stale id (an ordered or someone else's cart): fall back to the open cart
    }
  }
  const open = await apiGet<Cart | null>('/cart/GetOpenCart', { quiet: true });
  if (open) rememberCartId(open.id);
  return open;
}

export function saveCartItem(input: { id: string; quantity: number; version: number }): Promise<Cart> {
  return apiPost<Cart>('/cartItem/save', { body: input });
}

export function deleteCartItem(input: { id: string; version: number }): Promise<Cart> {
  return apiDelete<Cart>('/cartItem/Delete', { query: input });
}

/** Quiet: a refused code is said beside the coupon field, not in a snackbar as well. */
export function applyCoupon(cartId: string, code: string): Promise<Cart> {
  return apiPost<Cart>('/cart/ApplyCoupon', { query: { cartId, code }, quiet: true });
}

export function removeCoupon(cartId: string): Promise<Cart> {
  return apiPost<Cart>('/cart/RemoveCoupon', { query: { cartId } });
}

/** GET /cart/CheckoutQuote: the server's totals for the cart and, once chosen, the state's tax. */
export function getQuote(cartId: string, state: string | null): Promise<CartCheckoutQuote> {
  return apiGet<CartCheckoutQuote>('/cart/CheckoutQuote', {
    query: { cartId, state: state || undefined },
    quiet: true,
  });
}

/** GET /PaymentMethod/GetDefaultPaymentMethod: the saved card, or null. */
export function getSavedCard(): Promise<PaymentMethod | null> {
  return apiGet<PaymentMethod | null>('/PaymentMethod/GetDefaultPaymentMethod', { quiet: true });
}

/**
 * POST /Payment/CreateCheckoutPayment: the server prices, holds and charges the cart once; the
 * Idempotency-Key is one per attempt, so a retried request never charges twice.
 */
export function createCheckoutPayment(input: {
  cartId: string;
  paymentMethodId: string;
  identity: CheckoutIdentity;
  idempotencyKey: string;
}): Promise<CheckoutPaymentResult> {
  return apiPost<CheckoutPaymentResult>('/Payment/CreateCheckoutPayment', {
    query: { cartId: input.cartId, paymentMethodId: input.paymentMethodId },
    body: input.identity,
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
  });
}

/** GET /order/GetItem: the paid shop order, for its lines on /checkout-completed (quiet: the page still shows its number). */
export function usePlacedOrder(orderId: string | undefined) {
  return useApi(orderId ? `order:${orderId}` : null, () =>
    apiGet<Order>('/order/GetItem', { query: { id: orderId! }, quiet: true }),
  );
}
