import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { PRERENDER_ORIGIN } from '@store/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRequest } from './security.ts';

/** What the web build's prerender step lists in dist/prerendered/manifest.json. */
interface PrerenderManifest {
  pages: {
    path: string;
    file: string;
    anyQuery: boolean;
    requiredQuery?: string[];
    /** CSP hashes of the page's inline `<style>` (its critical CSS). */
    styleHashes?: string[];
  }[];
}

/** One prerendered page held in memory, with its compressed forms made once at start. */
interface PrerenderedPage {
  anyQuery: boolean;
  /** Query parameters that must be there, non-empty, for this HTML to be the page's first render. */
  requiredQuery: string[];
  /** The store's policy with the page's inline styles allowed by their hashes. */
  contentSecurityPolicy: string | undefined;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Build outputs that are read at start, never served as files. */
const NOT_SERVED = ['/prerendered/', '/.vite/'];

/**
 * Serves the built web app: hashed files under /assets are immutable, everything else is
 * revalidated; pre-compressed .br/.gz files are sent when the browser accepts them.
 * The public pages prerendered at build time are sent as their own HTML
 * (docs/decisions/014-prerendered-public-pages.md#serving); every other path that is not a file
 * gets the SPA shell.
 */
export async function serveWebApp(
  app: FastifyInstance,
  dist: string,
  publicUrl: string,
  options: {
    isProduction?: boolean;
    /** The content security policy with these inline styles' hashes allowed. */
    contentSecurityPolicy?: (styleHashes: readonly string[]) => string;
  } = {},
) {
  const root = path.resolve(dist);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web app is not built: ${indexFile} is missing`);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    index: false,
    allowedPath: (pathName) => !NOT_SERVED.some((prefix) => pathName.startsWith(prefix)),
    setHeaders(reply, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'Cache-Control',
        isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });
  const html = readFileSync(indexFile);
  const prerendered = loadPrerendered(root, publicUrl, options.contentSecurityPolicy);
  return function sendIndex(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (isApiRequest(request)) return false;
    // A missing hashed asset is a real 404, not the app shell.
    if (request.url.startsWith('/assets/')) return false;
    // Development pages (the dev mailbox) do not exist in production (docs/reliability.md#f7).
    if (options.isProduction && isDevPage(request.url)) return false;
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const page = prerendered.find(pathname);
    if (!page || (!page.anyQuery && queryAt !== -1) || !hasRequiredQuery(page, request.url, queryAt)) {
      reply.send(html);
      return true;
    }
    reply.header('Vary', 'Accept-Encoding');
    if (page.contentSecurityPolicy) reply.header('content-security-policy', page.contentSecurityPolicy);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') reply.send(page.identity);
    else reply.header('Content-Encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
    return true;
  };
}

/** `/dev` and below, in any case and however encoded, as the router would match it. */
export function isDevPage(url: string): boolean {
  const queryAt = url.indexOf('?');
  let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // not decodable: judged as written
  }
  return /^\/+dev(\/|$)/i.test(pathname);
}

function hasRequiredQuery(page: PrerenderedPage, url: string, queryAt: number): boolean {
  if (page.requiredQuery.length === 0) return true;
  if (queryAt === -1) return false;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  return page.requiredQuery.every((name) => Boolean(query.get(name)));
}

/** The prerendered pages: by exact path, then those whose path has `:name` segments, in order. */
class PrerenderedPages {
  private readonly exact = new Map<string, PrerenderedPage>();
  private readonly patterns: { pattern: RegExp; page: PrerenderedPage }[] = [];

  add(pagePath: string, page: PrerenderedPage): void {
    if (!pagePath.includes('/:')) {
      this.exact.set(pagePath, page);
      return;
    }
    // A `:name` segment is any one non-empty segment, as the web app's router matches it.
    const source = pagePath
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    this.patterns.push({ pattern: new RegExp(`^${source}$`), page });
  }

  find(pathname: string): PrerenderedPage | undefined {
    return this.exact.get(pathname) ?? this.patterns.find(({ pattern }) => pattern.test(pathname))?.page;
  }
}

/**
 * The prerendered pages; none when the build has no prerender step's output. Their social card and
 * canonical URLs get this store's public address in place of the build's placeholder.
 */
function loadPrerendered(
  root: string,
  publicUrl: string,
  policyWith?: (styleHashes: readonly string[]) => string,
): PrerenderedPages {
  const origin = new URL(publicUrl).origin;
  const pages = new PrerenderedPages();
  const manifestFile = path.join(root, 'prerendered', 'manifest.json');
  if (!existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  for (const page of manifest.pages) {
    const built = readFileSync(path.join(root, 'prerendered', page.file), 'utf8');
    const identity = Buffer.from(built.replaceAll(PRERENDER_ORIGIN, origin));
    pages.add(page.path, {
      anyQuery: page.anyQuery,
      requiredQuery: page.requiredQuery ?? [],
      contentSecurityPolicy: page.styleHashes?.length ? policyWith?.(page.styleHashes) : undefined,
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    });
  }
  return pages;
}

/** Brotli, else gzip, else none, as the Accept-Encoding header allows (a q of 0 refuses). */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
