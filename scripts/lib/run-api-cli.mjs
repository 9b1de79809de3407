// Runs one of the API's operator CLIs (`npm run sweep`, `npm run job`) against DATABASE_URL or the
// PGlite database in DATA_DIR. The API is TypeScript: the CLI's entry is bundled with esbuild into
// a temporary file first, then its `run` function gets the arguments and the migrations folder,
// and its report is printed as one line of JSON.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { apiBundleOptions } from '../../apps/api/esbuild-options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const api = path.join(root, 'apps/api');

/**
 * @param {{ name: string, entry: string, run: string }} cli `entry` is relative to apps/api;
 *   `run` is the exported function, called as run(argv, migrationsUrl).
 */
export async function runApiCli({ name, entry, run }) {
  // Inside the API's folder, so the bundle's external packages resolve as the API's do.
  const cache = path.join(api, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(path.join(cache, `${name}-`));
  const outfile = path.join(outDir, `${name}-cli.mjs`);
  try {
    await build(apiBundleOptions(path.join(api, entry), outfile));
    const cli = await import(pathToFileURL(outfile).href);
    const migrations = pathToFileURL(path.join(api, 'src/db/migrations/'));
    const report = await cli[run](process.argv.slice(2), migrations);
    console.log(JSON.stringify(report));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
