/** Whether a quiz already has its first order (spec 000 §4: an absent id or 0 means none). */
export function hasOrder(orderId: string | null | undefined): orderId is string {
  return Boolean(orderId) && orderId !== '0';
}
