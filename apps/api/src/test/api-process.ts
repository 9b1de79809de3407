import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
// @ts-expect-error: a plain ESM module shared with the build scripts, without type declarations
import { apiBundleOptions } from '../../esbuild-options.mjs';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The API as production runs it: `src/server.ts` bundled as `npm run build` does, with the SQL
 * migrations beside it, started as its own Node process. For tests that need a real process:
 * signals, exit codes, a store stopped and started again over the same data.
 */
export interface ApiBundle {
  /** The bundled server entry. */
  entry: string;
  /** A one-line web app, since the server always serves one. */
  webDist: string;
  dir: string;
  remove(): void;
}

export async function bundleApi(name: string): Promise<ApiBundle> {
  // Inside the API's folder, so the bundle's external packages resolve as the API's do.
  const cache = path.join(apiRoot, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, `${name}-`));
  const entry = path.join(dir, 'server.mjs');
  await build(apiBundleOptions(path.join(apiRoot, 'src/server.ts'), entry));
  cpSync(path.join(apiRoot, 'src/db/migrations'), path.join(dir, 'migrations'), { recursive: true });
  const webDist = path.join(dir, 'web');
  mkdirSync(webDist);
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Sample First</title></head><body><div id="root"></div></body></html>',
  );
  return { entry, webDist, dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Where a process keeps its data: with TEST_DATABASE_URL, a fresh schema of that PostgreSQL
 * (through the connection's search_path); otherwise a PGlite folder.
 */
export async function processDatabase(
  dir: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { env: { DATA_DIR: path.join(dir, 'data') }, drop: async () => {} };
  const schema = `p_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: withSchema.toString(), DATA_DIR: path.join(dir, 'data') },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

export interface ApiProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything it printed, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

/** Starts the bundled API with `env` on a free port and waits until `/api/health` answers 200. */
export async function startApiProcess(bundle: ApiBundle, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [bundle.entry], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: bundle.webDist,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const until = Date.now() + 90_000;
  while (Date.now() < until && !ended) {
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return { child, baseUrl, output: () => output, exited };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the API process did not become healthy:\n${output}`);
}
