import type { CheckoutPaymentResult } from '@store/contracts';

/*
 * The order the cart became, for /checkout-completed: passed in the navigation's state, and kept
 * in sessionStorage so a reload of the completed page still shows its number.
 */

const KEY = 'cartCheckoutCompleted';

export interface CompletedOrder {
  orderId: string;
  orderNumer: string;
  total: number;
}

export function rememberCompletedOrder(result: CheckoutPaymentResult) {
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ orderId: result.orderId, orderNumer: result.orderNumer, total: result.total }),
    );
  } catch {
    // storage unavailable: the navigation's state still carries it
  }
}

function isCompleted(value: unknown): value is CompletedOrder {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.orderId === 'string' && typeof v.orderNumer === 'string' && typeof v.total === 'number';
}

/** The navigation's order, else the one this tab last completed, else null. */
export function completedOrderFrom(state: unknown): CompletedOrder | null {
  if (isCompleted(state)) return state;
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return isCompleted(stored) ? stored : null;
  } catch {
    return null;
  }
}
