import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppRoutes } from '@/app/provider.tsx';
import { preloadPages, routes } from '@/app/router.tsx';
import { readSsrHead, resetSsrHead, type SsrHead } from '@/lib/ssr-head.ts';

export { PRERENDERED_PAGES } from './pages.ts';

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  head: SsrHead | undefined;
}

/**
 * Renders one public page as a visitor sees it before any answer from the API
 * (docs/decisions/014-prerendered-public-pages.md#how). Built by `vite build --ssr` and called by
 * scripts/prerender.mjs; the client hydrates the same tree under BrowserRouter.
 */
export async function render(path: string): Promise<RenderedPage> {
  const matches = matchRoutes(routes, path);
  if (!matches) throw new Error(`${path} matches no route`);
  // Loaded first, so the pages render at once instead of suspending.
  await preloadPages(matches);
  resetSsrHead();
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, head: readSsrHead() };
}
