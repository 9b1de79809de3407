import { formatUsd } from '@store/contracts';

/** Dollars from the API (2 decimals) as "$12.34" (docs/product.md#constants). */
export function usd(dollars: number): string {
  return formatUsd(Math.round(dollars * 100));
}
