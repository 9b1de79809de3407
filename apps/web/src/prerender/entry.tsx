import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '@/app/router.tsx';
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
 * scripts/prerender.mjs; the client hydrates the same tree with RouterProvider.
 */
export async function render(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  resetSsrHead();
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return { html, head: readSsrHead() };
}
