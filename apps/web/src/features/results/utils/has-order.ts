/** Whether a quiz already has its first order (docs/product.md#quiz-and-first-box: an absent id or 0 means none). */
export function hasOrder(orderId: string | null | undefined): orderId is string {
  return Boolean(orderId) && orderId !== '0';
}
