import { displayOrderNumber } from '@store/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completedOrderFrom, rememberCompletedOrder } from './completed-order.ts';

const result = {
  orderId: '7f1c2f0e-0000-4000-8000-000000000001',
  orderNumer: '10000042',
  status: 'succeeded',
  clientSecret: null,
  paymentIntentId: 'pi_1',
  total: 48.06,
};

/** A tab's sessionStorage (the tests run without a DOM). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

describe('the completed order', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it("comes from the navigation's state first", () => {
    expect(completedOrderFrom(result)).toEqual(result);
  });

  it('survives a reload through sessionStorage, and only the fields the page needs are kept', () => {
    rememberCompletedOrder(result);
    expect(completedOrderFrom(null)).toEqual({
      orderId: result.orderId,
      orderNumer: '10000042',
      total: 48.06,
    });
  });

  it('is null without a valid one (the page then shows no number)', () => {
    sessionStorage.setItem('cartCheckoutCompleted', '{"orderId":1}');
    expect(completedOrderFrom({ orderId: 'x' })).toBeNull();
    sessionStorage.setItem('cartCheckoutCompleted', 'not json');
    expect(completedOrderFrom(undefined)).toBeNull();
  });

  it('storage that throws (private mode) loses only the reload copy', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    expect(() => rememberCompletedOrder(result)).not.toThrow();
    expect(completedOrderFrom(null)).toBeNull();
    expect(completedOrderFrom(result)?.orderNumer).toBe('10000042');
  });

  it('shows the last 5 characters after a #', () => {
    expect(displayOrderNumber('10000042')).toBe('#00042');
  });
});
