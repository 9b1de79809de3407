import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while React hydrates a prerendered page, true in every other render.
 * A component reads browser-only state (storage) only once this is true, so its hydrating render
 * matches the HTML built for a visitor (docs/decisions/014-prerendered-public-pages.md#member-state).
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
