/** Dollars with 2 decimals (spec 000 §9). */
export function usd(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}
