import { PUBLIC_PAGES, ROBOTS_DISALLOWED } from '@store/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * `/robots.txt` and `/sitemap.xml` (docs/product.md#search-engines): crawlers are kept out of the
 * member, checkout and back-office pages, and told where the sitemap is; the sitemap lists the
 * public pages at this store's PUBLIC_URL, which the build cannot know.
 */
export async function searchEngineRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const origin = options.publicUrl.replace(/\/$/, '');
  const robots = [
    'User-agent: *',
    ...ROBOTS_DISALLOWED.map((prefix) => `Disallow: ${prefix}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => `  <url><loc>${escapeXml(pageUrl(origin, path))}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  const cacheControl = 'public, max-age=3600';
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl).send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', cacheControl).send(sitemap),
  );
}

/** PUBLIC_URL + path, with `/` for home and no trailing slash elsewhere. */
export function pageUrl(origin: string, path: string): string {
  return path === '/' ? `${origin}/` : `${origin}${path.replace(/\/$/, '')}`;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
