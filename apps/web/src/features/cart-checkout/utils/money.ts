/** Dollars with 2 decimals (docs/product.md#constants). */
export function usd(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}
