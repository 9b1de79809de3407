import type { NextBoxExtras } from '@store/contracts';
import { ApiError, apiPost, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { setCached } from '@/lib/use-api.ts';

/** The cache key of GET /order/NextBoxExtras (Membership's "Also in your next box" reads it). */
export const NEXT_BOX_EXTRAS_KEY = 'next-box-extras';

/**
 * Add to my next box (docs/product.md#next-box-extras): POST /order/AddToNextBox with one tub;
 * it is charged with the next renewal. Says what happened in a snackbar; answers whether it was added.
 */
export async function addToNextBox(productId: number, name: string): Promise<boolean> {
  try {
    const extras = await apiPost<NextBoxExtras>('/order/AddToNextBox', {
      body: { productId, quantity: 1 },
      quiet: true,
    });
    setCached(NEXT_BOX_EXTRAS_KEY, extras);
    const when = extras.billingDate
      ? new Date(extras.billingDate).toLocaleDateString('en-US', {
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        })
      : 'your next renewal';
    notify(`${name} is in your next box, charged with it on ${when}.`, 'success');
    return true;
  } catch (error) {
    notify(error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE, 'error');
    return false;
  }
}
