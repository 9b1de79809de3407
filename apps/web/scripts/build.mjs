// `npm run build -w @store/web` and scripts/start.mjs: the client bundle (vite build), then the
// public pages prerendered into it (docs/decisions/014-prerendered-public-pages.md#how).
//   node scripts/build.mjs [--logLevel warn]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { prerender } from './prerender.mjs';

const webRoot = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { logLevel: { type: 'string', default: 'info' } } });
const logLevel = /** @type {'info' | 'warn' | 'error' | 'silent'} */ (args.logLevel);
// The server bundle of the pages lives outside dist: it is a build tool, never served.
const ssrOutDir = path.join(webRoot, 'node_modules/.cache/prerender');

const started = performance.now();
await build({ root: webRoot, logLevel, mode: 'production' });
await build({
  root: webRoot,
  logLevel: logLevel === 'info' ? 'warn' : logLevel,
  mode: 'production',
  build: { ssr: 'src/prerender/entry.tsx', outDir: ssrOutDir, emptyOutDir: true, manifest: false },
});
const pages = await prerender({ dist: path.join(webRoot, 'dist'), entry: path.join(ssrOutDir, 'entry.js') });
if (logLevel === 'info') {
  console.log(
    `Prerendered ${pages.length} public pages in ${((performance.now() - started) / 1000).toFixed(1)} s (with both builds)`,
  );
}
