/**
 * The refund form's amount: dollars as typed ("12.50", "$7") to integer cents, or an error
 * message. Empty means everything still refundable. The server checks again.
 */
export function parseRefundAmount(
  text: string,
  refundableCents: number,
): { cents: number | undefined } | { error: string } {
  const trimmed = text.trim().replace(/^\$/, '');
  if (trimmed === '') return { cents: undefined };
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { error: 'Enter an amount like 12.50.' };
  const [whole, fraction = ''] = trimmed.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents <= 0) return { error: 'Enter an amount above $0.00.' };
  if (cents > refundableCents) {
    return { error: `At most $${(refundableCents / 100).toFixed(2)} can be refunded.` };
  }
  return { cents };
}
