import { StorageKeys } from '@store/contracts';

/** The cartId browser key (docs/api-conventions.md#wire-shapes, docs/product.md#constants): the member's cart, reused on every add. */
export function storedCartId(): string | null {
  try {
    return localStorage.getItem(StorageKeys.cartId) || null;
  } catch {
    return null;
  }
}

export function storeCartId(id: string | null): void {
  try {
    if (id) localStorage.setItem(StorageKeys.cartId, id);
    else localStorage.removeItem(StorageKeys.cartId);
  } catch {
    // storage unavailable: the server still finds the open cart
  }
}
