import { useMatches } from 'react-router';

/**
 * What a route module may export as `handle` to shape the shared layout:
 * `export const handle: RouteHandle = { hideMenu: true };`
 */
export interface RouteHandle {
  /** Hides the top bar's menu links (docs/product.md#screens); the logo and account access stay. */
  hideMenu?: boolean;
}

/** True when the current page, or a layout around it, asks to hide the top bar's menu. */
export function useIsMenuHidden(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hideMenu === true);
}
