import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SnackbarHost } from '@/components/ui/snackbar-host.tsx';
import { TopNav } from './top-nav.tsx';

const ANCHOR_WAIT_MS = 3000;

/**
 * Scrolls smoothly to the element with `id`, waiting for it when the page that holds it is still
 * loading (How It Works from another page lands on the lazy home page first).
 */
function scrollToAnchor(id: string): () => void {
  const scroll = (element: Element) => element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const found = document.getElementById(id);
  if (found) {
    scroll(found);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (!element) return;
    stop();
    scroll(element);
  });
  const timer = window.setTimeout(() => stop(), ANCHOR_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * After a page change, focus goes to the new page's heading (a screen reader announces where it
 * landed), waiting for a lazy page to render it; a page that focused one of its own fields keeps that.
 */
function focusHeading(): () => void {
  const main = document.getElementById('main-content');
  if (!main) return () => {};
  const tryFocus = (): boolean => {
    // The first heading that is laid out: a page may carry one per width and hide the other.
    const heading = [...main.querySelectorAll<HTMLElement>('h1')].find((h) => h.getClientRects().length > 0);
    if (!heading) return false;
    const active = document.activeElement;
    if (active && active !== document.body && active !== main && main.contains(active)) return true;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), ANCHOR_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/** Every page: the top bar, the page itself (`children`), the snackbars, and scrolling (to the top, or to an #anchor). */
export function RootLayout({ children }: { children: ReactNode }) {
  const { pathname, hash, key } = useLocation();

  // docs/product.md#screens: every navigation to another page starts at the top, with focus on
  // its heading. Not on the first page: the browser already starts at the document, and a
  // prerendered page hydrates after the visitor may have scrolled or tabbed into it.
  // The path last handled, not a first-run flag: StrictMode runs this effect twice on mount.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (window.location.hash) return;
    window.scrollTo(0, 0);
    return focusHeading();
  }, [pathname]);

  // `key` changes on every navigation, so choosing How It Works again scrolls again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the trigger, not an input
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) return scrollToAnchor(id);
  }, [hash, key]);

  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <TopNav />
      <div id="main-content" tabIndex={-1}>
        {children}
      </div>
      <SnackbarHost />
    </>
  );
}
