import { type Cart, StorageKeys } from '@store/contracts';
import { ApiError, apiPost, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { openCartPanel, setCartCount } from '@/lib/cart-count.ts';
import { tellOtherTabsCartChanged } from '@/lib/cart-sync.ts';
import { notify } from '@/lib/notifications.ts';

function storedCartId(): string | null {
  try {
    return localStorage.getItem(StorageKeys.cartId) || null;
  } catch {
    return null;
  }
}

/** The panel mounts once the signed-in user is known; a click right after a page load may come first. */
async function openPanelWhenMounted(timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!openCartPanel()) {
    if (Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * ADD TO CART (docs/product.md#states-and-flows): POST /cart/addToCart with the stored cartId (0 when
 * none), keep the answered id, update the badge and open the cart panel (which reads the cart).
 * A failure is logged and shown as a snackbar; answers whether the tub was added.
 */
export async function addToCart(productId: number): Promise<boolean> {
  try {
    const cart = await apiPost<Cart>('/cart/addToCart', {
      query: { productId, cartId: storedCartId() ?? 0 },
      quiet: true,
    });
    try {
      localStorage.setItem(StorageKeys.cartId, cart.id);
    } catch {
      // storage unavailable: the server still finds the open cart
    }
    setCartCount(cart.cartItemsCount);
    tellOtherTabsCartChanged();
    await openPanelWhenMounted();
    return true;
  } catch (error) {
    console.error('Add to cart failed', error);
    notify(error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE, 'error');
    return false;
  }
}
