import { useSyncExternalStore } from 'react';

/*
 * The samples a member picks on /choose-samples and /sample-detail are held on the client until
 * CONFIRM (docs/product.md#states-and-flows); kept per order for the session so a reload does not lose them.
 */

const KEY = 'chosen-samples:';
const listeners = new Set<() => void>();
const snapshots = new Map<string, number[]>();

function read(orderId: string): number[] {
  const cached = snapshots.get(orderId);
  if (cached) return cached;
  let value: number[] = [];
  try {
    const raw = sessionStorage.getItem(KEY + orderId);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) value = parsed.filter((n): n is number => Number.isInteger(n)).slice(0, 2);
  } catch {
    value = [];
  }
  snapshots.set(orderId, value);
  return value;
}

export function setChosenSamples(orderId: string, productIds: number[]) {
  const value = [...new Set(productIds)].slice(0, 2);
  snapshots.set(orderId, value);
  try {
    sessionStorage.setItem(KEY + orderId, JSON.stringify(value));
  } catch {
    // Private mode: the choice lives in memory only.
  }
  for (const l of listeners) l();
}

export function addChosenSample(orderId: string, productId: number) {
  const current = read(orderId);
  if (current.includes(productId) || current.length >= 2) return;
  setChosenSamples(orderId, [...current, productId]);
}

export function clearChosenSamples(orderId: string) {
  setChosenSamples(orderId, []);
}

export function useChosenSamples(orderId: string): number[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(orderId),
    () => [],
  );
}
