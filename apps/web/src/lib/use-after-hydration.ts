import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A module's export fetched once the page has hydrated instead of with it: form rules built on the
 * shared zod schemas, which a page's first load then leaves out (docs/performance.md#initial-javascript).
 * `loaded` is undefined until it arrives. A submit calls `forSubmit()`: it resolves at once when the
 * export is there, or once it arrives, to `{ value }`, where `value` is undefined when it could not
 * be fetched (the next call tries again) so the caller leaves the check to the server; and it
 * resolves to undefined for a second submit made while the first is still waiting, which is to do
 * nothing.
 */
export function useAfterHydration<T>(
  fetchIt: () => Promise<T>,
  what: string,
): { loaded: T | undefined; forSubmit: () => Promise<{ value: T | undefined } | undefined> } {
  const [loaded, setLoaded] = useState<{ value: T }>();
  const pending = useRef<Promise<T | undefined>>(undefined);
  const fetchRef = useRef(fetchIt);
  const load = useCallback(() => {
    if (!pending.current) {
      pending.current = fetchRef.current().then(
        (value) => {
          setLoaded({ value });
          return value;
        },
        (error: unknown) => {
          console.error(`${what} did not load; the server checks what is sent`, error);
          pending.current = undefined;
          return undefined;
        },
      );
    }
    return pending.current;
  }, [what]);
  useEffect(() => {
    void load();
  }, [load]);
  const isWaiting = useRef(false);
  const forSubmit = useCallback(async () => {
    if (loaded) return { value: loaded.value };
    if (isWaiting.current) return undefined;
    isWaiting.current = true;
    try {
      return { value: await load() };
    } finally {
      isWaiting.current = false;
    }
  }, [loaded, load]);
  return { loaded: loaded?.value, forSubmit };
}
