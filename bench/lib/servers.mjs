// Processes and databases the benchmarks start, and take down again whatever happens.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** The local PostgreSQL server (trust auth), overridable for another machine. */
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function randomId() {
  return randomBytes(4).toString('hex');
}

/** A fresh, empty database on the local server; `drop()` removes it. */
export async function createDatabase(name) {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Node options for the store processes only (not the reference server), from
 * `BENCH_STORE_NODE_ARGS`, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the store under
 * load (Node refuses `--cpu-prof` in NODE_OPTIONS).
 */
const storeNodeArgs = (process.env.BENCH_STORE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

/**
 * Starts `node <script>` with `env`, its output in `<logDir>/<name>.log`, and waits until
 * `readyUrl` answers 200. Returns a handle whose `stop()` ends it.
 */
export async function startNode(name, script, { env, logDir, readyUrl, cwd, timeoutMs = 90_000 }) {
  // Something already answering here would be measured instead of the server started below.
  const alreadyAnswering = await fetch(readyUrl).then(
    async (response) => {
      await response.arrayBuffer();
      return true;
    },
    () => false,
  );
  if (alreadyAnswering) throw new Error(`${name}: another server already answers ${readyUrl}; stop it first`);
  const logFile = path.join(logDir, `${name}.log`);
  const log = createWriteStream(logFile);
  // An `undefined` value removes the variable from the child's environment.
  const childEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const nodeArgs = name.startsWith('store') ? storeNodeArgs : [];
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  exit.then(() => {
    exited = true;
  });
  const handle = {
    name,
    logFile,
    pid: child.pid,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const code = await Promise.race([exit, sleep(5000).then(() => 'timeout')]);
      if (code === 'timeout') {
        child.kill('SIGKILL');
        await exit;
      }
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${name} exited before it was ready; see ${logFile}`);
    try {
      const response = await fetch(readyUrl);
      await response.arrayBuffer();
      if (response.status === 200) return handle;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await handle.stop();
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s; see ${logFile}`);
}

/** CPU seconds (user + system) a process has used so far, from /proc; undefined elsewhere. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** Linux reports process times in clock ticks of 1/100 s on every common platform. */
const CLOCK_TICKS = 100;

/** A copy of the built web app in `workDir`, for servers that must not see a rebuild mid-run. */
export function snapshotWebDist(root, workDir) {
  const copy = path.join(workDir, 'web-dist');
  cpSync(path.join(root, 'apps/web/dist'), copy, { recursive: true });
  return copy;
}
