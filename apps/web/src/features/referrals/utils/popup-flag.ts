import { StorageKeys } from '@store/contracts';

/** docs/product.md#states-and-flows, docs/product.md#constants: the popup opens 5 s after the shop loads. */
export const REFERRAL_POPUP_DELAY_MS = 5000;

/** Whether the popup was shown and closed before (localStorage `referralPopupShown`). */
export function wasPopupShown(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    return storage?.getItem(StorageKeys.referralPopupShown) === 'true';
  } catch {
    // Storage blocked: show it this time rather than never.
    return false;
  }
}

/** Set when the popup is closed, so it is not shown again. */
export function markPopupShown(
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(StorageKeys.referralPopupShown, 'true');
  } catch {
    // Storage blocked: nothing to remember it with.
  }
}
