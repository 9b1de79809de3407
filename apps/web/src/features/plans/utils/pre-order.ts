import { displayOrderNumber } from '@store/contracts';
import type { PreOrderDetail } from '../api/get-order.ts';

/** The order's one customer-facing number ("#00002", docs/product.md#order-numbers). */
export function orderNumberLabel(
  order: Pick<PreOrderDetail, 'id'> & Partial<Pick<PreOrderDetail, 'orderNumberLast4' | 'orderNumer'>>,
): string {
  if (order.orderNumer) return displayOrderNumber(order.orderNumer);
  return `#${order.orderNumberLast4 ?? order.id.slice(-5)}`;
}

/** Dollars (2 decimals, as the API sends them) for people: "$14.00". */
export function formatDollars(amount: number | undefined): string {
  if (amount === undefined || !Number.isFinite(amount)) return '-';
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
