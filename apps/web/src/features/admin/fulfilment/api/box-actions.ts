import type { AdminBatchResult } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';
import { forgetAdminAnswers } from '../../api/keys.ts';

export interface Shipment {
  orderId: string;
  trackingNumber: string;
}

async function post(path: string, body: unknown): Promise<AdminBatchResult> {
  try {
    return await apiPost<AdminBatchResult>(`/admin/fulfilment/${path}`, { body, quiet: true });
  } finally {
    // Whatever happened, the lists and counts are read again.
    forgetAdminAnswers();
  }
}

/** Marks boxes assembled (closing an open build window; the store chooses open samples). */
export const assembleBoxes = (orderIds: string[]) => post('boxes/assemble', { orderIds });
/** Ships boxes, a tracking number each; each member gets the shipped mail once. */
export const shipBoxes = (shipments: Shipment[]) => post('boxes/ship', { shipments });
/** Marks shipped boxes delivered. */
export const deliverBoxes = (orderIds: string[]) => post('boxes/deliver', { orderIds });
/** Ships paid cart orders, a tracking number each. */
export const shipCartOrders = (shipments: Shipment[]) => post('cart-orders/ship', { shipments });

/** "2 boxes shipped" / "1 already shipped" from a batch answer. */
export function batchSummary(result: AdminBatchResult, done: string, noun = 'box'): string {
  const changed = result.results.filter((r) => r.outcome === 'changed').length;
  const unchanged = result.results.length - changed;
  const plural = (n: number) => (n === 1 ? noun : noun === 'box' ? 'boxes' : `${noun}s`);
  const parts = [];
  if (changed) parts.push(`${changed} ${plural(changed)} ${done}`);
  if (unchanged) parts.push(`${unchanged} already ${done}`);
  return `${parts.join(', ')}.`;
}
