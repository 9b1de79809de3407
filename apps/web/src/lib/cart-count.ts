import { useSyncExternalStore } from 'react';

/**
 * The cart's item count shown on the top bar's cart icon (docs/product.md#states-and-flows: shared state updated on
 * add and load), and the cart panel the icon opens. The shop feature feeds both; the layout only
 * reads them, so components never import the shop.
 */
let count = 0;
const listeners = new Set<() => void>();

export function setCartCount(next: number) {
  const value = Number.isFinite(next) && next > 0 ? Math.floor(next) : 0;
  if (value === count) return;
  count = value;
  for (const l of listeners) l();
}

export function getCartCount(): number {
  return count;
}

export function useCartCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => count,
    // Prerendered pages show no cart; the member's count follows hydration.
    () => 0,
  );
}

let openPanel: (() => void) | undefined;

/** The cart panel registers how to open itself; the returned function unregisters it. */
export function registerCartPanel(open: () => void): () => void {
  openPanel = open;
  return () => {
    if (openPanel === open) openPanel = undefined;
  };
}

/** Opens the cart panel when one is mounted; false means the caller should go to /cart-checkout. */
export function openCartPanel(): boolean {
  if (!openPanel) return false;
  openPanel();
  return true;
}
