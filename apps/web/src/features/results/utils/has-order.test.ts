import { describe, expect, it } from 'vitest';
import { hasOrder } from './has-order.ts';

describe('hasOrder', () => {
  it('treats a missing id, an empty id and 0 as no order yet', () => {
    expect(hasOrder(null)).toBe(false);
    expect(hasOrder(undefined)).toBe(false);
    expect(hasOrder('')).toBe(false);
    expect(hasOrder('0')).toBe(false);
  });

  it('sees an order id as an order', () => {
    expect(hasOrder('5f0c6f1e-58b5-4a5e-9d43-1d2c5f7b9a10')).toBe(true);
  });
});
