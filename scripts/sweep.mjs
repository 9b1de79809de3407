// `npm run sweep -- --at 2027-01-15T00:00:00Z`: one sweep of the membership cycle engine for the
// given moment (now without --at), against DATABASE_URL or the PGlite database in DATA_DIR.
// The API is TypeScript: the CLI entry is bundled with esbuild into a temporary file first.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { apiBundleOptions } from '../apps/api/esbuild-options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
// Inside the API's folder, so the bundle's external packages resolve as the API's do.
const cache = path.join(api, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const outDir = mkdtempSync(path.join(cache, 'sweep-'));
const outfile = path.join(outDir, 'sweep-cli.mjs');
try {
  await build(apiBundleOptions(path.join(api, 'src/modules/cycles/sweep-cli.ts'), outfile));
  const { runSweepCli } = await import(pathToFileURL(outfile).href);
  const migrations = pathToFileURL(path.join(api, 'src/db/migrations/'));
  const report = await runSweepCli(process.argv.slice(2), migrations);
  console.log(JSON.stringify(report));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
