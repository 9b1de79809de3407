import type { HeadTags } from '@/lib/seo.ts';

/**
 * What the page being prerendered says about itself (docs/decisions/014-prerendered-public-pages.md#how).
 * At build time `useSeo` and `PageTitle` report here during the render, since effects never run
 * on the server; the prerender writes the last report into the page's <head>. In the browser
 * nothing reports (the calls sit behind `import.meta.env.SSR`, which the client build drops).
 */
export interface SsrHead {
  title: string;
  /** Every tag `useSeo` sets in the browser: description, keywords, social card, canonical link. */
  tags?: HeadTags;
}

let current: SsrHead | undefined;

export function reportSsrHead(head: SsrHead): void {
  // A page's own record wins over a plain title reported by a frame around it.
  if (current?.tags && !head.tags) return;
  current = head;
}

/** Starts a new page: forgets what the previous render reported. */
export function resetSsrHead(): void {
  current = undefined;
}

export function readSsrHead(): SsrHead | undefined {
  return current;
}
