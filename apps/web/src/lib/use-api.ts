import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * A small cache of GET answers keyed by string, shared by every component that reads the same
 * key. It keeps the first load's JS small (no query library in the initial bundle).
 */
interface Entry {
  data?: unknown;
  error?: unknown;
  promise?: Promise<unknown>;
  loadedAt?: number;
}

const cache = new Map<string, Entry>();
const listeners = new Map<string, Set<() => void>>();

function notifyKey(key: string) {
  for (const l of listeners.get(key) ?? []) l();
}

function load<T>(key: string, fetcher: () => Promise<T>): Promise<unknown> {
  const entry = cache.get(key) ?? {};
  if (entry.promise) return entry.promise;
  const promise = fetcher()
    .then((data) => {
      cache.set(key, { data, loadedAt: Date.now() });
      return data;
    })
    .catch((error: unknown) => {
      cache.set(key, { ...cache.get(key), error, promise: undefined });
      throw error;
    })
    .finally(() => notifyKey(key));
  cache.set(key, { ...entry, promise, error: undefined });
  notifyKey(key);
  return promise;
}

/** Forgets cached answers whose key starts with `prefix` and reloads the ones on screen. */
export function invalidate(prefix: string) {
  for (const key of [...cache.keys()]) {
    if (key.startsWith(prefix)) {
      cache.delete(key);
      notifyKey(key);
    }
  }
}

/** Replaces a cached answer (after a mutation returned the new value). */
export function setCached<T>(key: string, data: T) {
  cache.set(key, { data, loadedAt: Date.now() });
  notifyKey(key);
}

/**
 * Rewrites a cached answer in place (an optimistic change, its confirmation or its rollback);
 * nothing happens when the key is not loaded.
 */
export function updateCached<T>(key: string, update: (data: T) => T) {
  const entry = cache.get(key);
  if (entry?.data === undefined) return;
  cache.set(key, { ...entry, data: update(entry.data as T) });
  notifyKey(key);
}

export interface ApiState<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  reload: () => void;
}

/** Reads `key` through `fetcher` once and shares the answer; `key` null waits. */
export function useApi<T>(key: string | null, fetcher: () => Promise<T>): ApiState<T> {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!key) return () => {};
      const set = listeners.get(key) ?? new Set();
      set.add(onChange);
      listeners.set(key, set);
      return () => set.delete(onChange);
    },
    [key],
  );
  // A prerendered page holds no answers: it is built, and hydrated, in the loading state.
  const entry = useSyncExternalStore(
    subscribe,
    () => (key ? cache.get(key) : undefined),
    () => undefined,
  );
  const [, force] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fetcher is identified by its key
  useEffect(() => {
    if (!key) return;
    const current = cache.get(key);
    if (!current || (current.data === undefined && !current.promise && current.error === undefined)) {
      load(key, fetcher).catch(() => {});
    }
  }, [key, entry]);
  return {
    data: entry?.data as T | undefined,
    error: entry?.error,
    isLoading: Boolean(key) && entry?.data === undefined && entry?.error === undefined,
    reload: () => {
      if (!key) return;
      cache.delete(key);
      force((n) => n + 1);
      load(key, fetcher).catch(() => {});
    },
  };
}
