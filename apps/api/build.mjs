// Bundles the API into dist/server.js (workspace code and the mail renderer inlined, other npm
// packages left external: esbuild-options.mjs) and copies the SQL migrations beside it.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { apiBundleOptions } from './esbuild-options.mjs';

rmSync('dist', { recursive: true, force: true });
await build({ ...apiBundleOptions('src/server.ts', 'dist/server.js'), sourcemap: true, metafile: false });
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
