import { describe, expect, it } from 'vitest';
import { formatDollars, orderNumberLabel } from './pre-order.ts';

describe('orderNumberLabel', () => {
  it('uses the last 4 digits the API gives', () => {
    expect(orderNumberLabel({ id: 'x', orderNumberLast4: '0421' })).toBe('#0421');
  });
  it('falls back to the last 4 digits of the order number', () => {
    expect(orderNumberLabel({ id: 'x', orderNumer: 'SF-2025-118734' })).toBe('#8734');
  });
  it('falls back to the id when there is no number', () => {
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
