import { describe, expect, it } from 'vitest';
import { markPopupShown, wasPopupShown } from './popup-flag.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('the referral popup flag (docs/product.md#states-and-flows, localStorage referralPopupShown)', () => {
  it('is unset at first and set once the popup was closed', () => {
    const storage = memoryStorage();
    expect(wasPopupShown(storage)).toBe(false);
    markPopupShown(storage);
    expect(storage.getItem('referralPopupShown')).toBe('true');
    expect(wasPopupShown(storage)).toBe(true);
  });

  it('shows the popup when storage is blocked rather than failing the page', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(wasPopupShown(blocked)).toBe(false);
    expect(() => markPopupShown(blocked)).not.toThrow();
  });
});
