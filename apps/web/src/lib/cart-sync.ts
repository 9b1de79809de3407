/*
 * The cart across this browser's tabs (docs/reliability.md#e7): a tab that changed the cart tells
 * the others, and each re-reads it quietly, so a tab left open never shows or acts on an old cart.
 */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('store-cart');

/** Tells the other tabs that the cart changed here. */
export function tellOtherTabsCartChanged(): void {
  channel?.postMessage('changed');
}

/** Calls `listener` when another tab changed the cart. */
export function onCartChangedElsewhere(listener: () => void): () => void {
  const handler = () => listener();
  channel?.addEventListener('message', handler);
  return () => channel?.removeEventListener('message', handler);
}
