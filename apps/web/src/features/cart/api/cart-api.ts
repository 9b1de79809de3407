import type { Cart } from '@store/contracts';
import { apiDelete, apiGet, apiPost } from '@/lib/api-client.ts';

/* The cart calls (docs/product.md#calls cart). Every call answers the whole cart, priced on the server.
   They are quiet: the cart shows its own messages and re-reads on a 409 (docs/reliability.md#e7). */

export function addToCart(productId: number, cartId: string | null): Promise<Cart> {
  return apiPost<Cart>('/cart/addToCart', { query: { productId, cartId: cartId || 0 }, quiet: true });
}

export function getCart(id: string): Promise<Cart> {
  return apiGet<Cart>('/cart/GetItem', { query: { id }, quiet: true });
}

/** The member's open cart when this browser has no stored cartId (a new device), or null. */
export function getOpenCart(): Promise<Cart | null> {
  return apiGet<Cart | null>('/cart/GetOpenCart', { quiet: true });
}

export function saveCartItem(id: string, quantity: number, version: number): Promise<Cart> {
  return apiPost<Cart>('/cartItem/save', { body: { id, quantity, version }, quiet: true });
}

export function deleteCartItem(id: string, version: number): Promise<Cart> {
  return apiDelete<Cart>('/cartItem/Delete', { query: { id, version }, quiet: true });
}

export function applyCoupon(cartId: string, code: string): Promise<Cart> {
  return apiPost<Cart>('/cart/ApplyCoupon', { query: { cartId, code }, quiet: true });
}

export function removeCoupon(cartId: string): Promise<Cart> {
  return apiPost<Cart>('/cart/RemoveCoupon', { query: { cartId }, quiet: true });
}
