// `npm run job -- <name>`: runs one scheduled job once (`npm run job` lists them with their last run),
// against DATABASE_URL or the PGlite database in DATA_DIR.
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
const outDir = mkdtempSync(path.join(cache, 'job-'));
const outfile = path.join(outDir, 'job-cli.mjs');
try {
  await build(apiBundleOptions(path.join(api, 'src/modules/system/jobs-cli.ts'), outfile));
  const { runJobCli } = await import(pathToFileURL(outfile).href);
  const migrations = pathToFileURL(path.join(api, 'src/db/migrations/'));
  const report = await runJobCli(process.argv.slice(2), migrations);
  console.log(JSON.stringify(report));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
