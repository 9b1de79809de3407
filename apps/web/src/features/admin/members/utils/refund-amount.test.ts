import { describe, expect, it } from 'vitest';
import { parseRefundAmount } from './refund-amount.ts';

describe('parseRefundAmount', () => {
  it('reads dollars as integer cents without floating point', () => {
    expect(parseRefundAmount('12.50', 2000)).toEqual({ cents: 1250 });
    expect(parseRefundAmount('$7', 2000)).toEqual({ cents: 700 });
    expect(parseRefundAmount('0.29', 2000)).toEqual({ cents: 29 });
    expect(parseRefundAmount('19.99', 2000)).toEqual({ cents: 1999 });
  });

  it('leaves an empty amount to mean everything refundable', () => {
    expect(parseRefundAmount('  ', 2000)).toEqual({ cents: undefined });
  });

  it('refuses malformed, zero and too large amounts', () => {
    expect(parseRefundAmount('12.345', 2000)).toEqual({ error: 'Enter an amount like 12.50.' });
    expect(parseRefundAmount('-1', 2000)).toEqual({ error: 'Enter an amount like 12.50.' });
    expect(parseRefundAmount('0.00', 2000)).toEqual({ error: 'Enter an amount above $0.00.' });
    expect(parseRefundAmount('20.01', 2000)).toEqual({ error: 'At most $20.00 can be refunded.' });
  });
});
