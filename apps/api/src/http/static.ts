import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app: hashed files under /assets are immutable, everything else is
 * revalidated; pre-compressed .br/.gz files are sent when the browser accepts them.
 * Returns the SPA fallback for paths that are not files.
 */
export async function serveWebApp(app: FastifyInstance, dist: string) {
  const root = path.resolve(dist);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web app is not built: ${indexFile} is missing`);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(reply, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'Cache-Control',
        isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });
  const html = readFileSync(indexFile);
  return function sendIndex(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (request.url.startsWith('/api/') || request.url === '/api') return false;
    // A missing hashed asset is a real 404, not the app shell.
    if (request.url.startsWith('/assets/')) return false;
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    return true;
  };
}
