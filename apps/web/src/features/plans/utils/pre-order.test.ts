import { describe, expect, it } from 'vitest';
import { formatDollars, orderNumberLabel } from './pre-order.ts';

describe('orderNumberLabel', () => {
  it('shows the one customer-facing number: the last 5 characters of the stored number', () => {
    expect(orderNumberLabel({ id: 'x', orderNumer: '10000042', orderNumberLast4: '00042' })).toBe('#00042');
  });
  it('falls back to the short number the API gives', () => {
    expect(orderNumberLabel({ id: 'x', orderNumberLast4: '00421' })).toBe('#00421');
  });
  it('falls back to the end of the id when there is no number', () => {
    expect(orderNumberLabel({ id: 'abcd' })).toBe('#abcd');
  });
});

describe('formatDollars', () => {
  it('shows 2 decimals in USD', () => {
    expect(formatDollars(14)).toBe('$14.00');
    expect(formatDollars(2.99)).toBe('$2.99');
    expect(formatDollars(undefined)).toBe('-');
  });
});
