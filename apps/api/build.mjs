// Bundles the API into dist/server.js (workspace code inlined, npm packages left external)
// and copies the SQL migrations beside it.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // @store/contracts is TypeScript source: bundle it instead of importing it at run time.
  alias: { '@store/contracts': '../../packages/contracts/src/index.ts' },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
