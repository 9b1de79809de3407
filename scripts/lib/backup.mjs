// Backs up and restores the store's database (docs/reliability.md#i3): PostgreSQL with its own
// tools in their custom format (pg_dump -Fc, pg_restore), the embedded PGlite with its own dump of
// the data folder (a gzipped tarball). `npm run backup -- <file>` and `npm run restore -- <file>`
// read the same DATABASE_URL and DATA_DIR as the server.
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** The first bytes of each kind of backup file. */
const PG_CUSTOM_MAGIC = 'PGDMP';
const GZIP_MAGIC = [0x1f, 0x8b];

/** Where the data is, as the server finds it (apps/api/src/config/env.ts, server.ts). */
export function target(env = process.env) {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dir: path.join(path.resolve(env.DATA_DIR ?? './data'), 'pglite') };
}

/**
 * The URL without its password, and the environment that carries it instead: a password in the
 * arguments of pg_dump would be visible to every user of the machine (`ps`).
 */
function libpqArgs(url, env) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...env, PGPASSWORD: password } : env };
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${command} is not installed: install the PostgreSQL client (apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve(stderr) : reject(new Error(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

function kindOfFile(file) {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(5);
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === PG_CUSTOM_MAGIC) return 'postgres';
  if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) return 'pglite';
  return 'unknown';
}

/** Writes a backup of the store's database to `file`; answers what was backed up. */
export async function backup(file, env = process.env) {
  if (!file) throw new Error('Usage: npm run backup -- <file>');
  const where = target(env);
  const out = path.resolve(file);
  if (where.kind === 'postgres') {
    const { dbname, env: childEnv } = libpqArgs(where.url, env);
    // Custom format: compressed, and pg_restore can pick or reorder what it restores. A consistent
    // snapshot, taken while the store keeps serving.
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${dbname}`],
      childEnv,
    );
    return { database: 'postgres', file: out };
  }
  if (!existsSync(path.join(where.dir, 'PG_VERSION'))) {
    throw new Error(`No embedded database in ${where.dir}: set DATA_DIR (or DATABASE_URL for PostgreSQL)`);
  }
  // PGlite is one process: the store must be stopped, or this open would share its files.
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(where.dir);
  try {
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  return { database: 'pglite', file: out };
}

/**
 * Restores `file` into the store's database, which must be empty (a new PostgreSQL database, a
 * DATA_DIR without a database); answers the number of tables it then holds.
 */
export async function restore(file, env = process.env) {
  if (!file) throw new Error('Usage: npm run restore -- <file>');
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Error(`${source} does not exist`);
  const where = target(env);
  const kind = kindOfFile(source);
  if (kind !== where.kind) {
    const what = {
      postgres: 'a PostgreSQL backup (pg_dump)',
      pglite: 'an embedded-database backup',
      unknown: 'not a backup of this store',
    }[kind];
    throw new Error(
      `${source} is ${what}, but the target is ${where.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${where.dir}`}`,
    );
  }
  if (where.kind === 'postgres') {
    const pg = (await import('pg')).default;
    const tables = async () => {
      const client = new pg.Client({ connectionString: where.url });
      await client.connect();
      try {
        const result = await client.query(
          "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
        );
        return result.rows[0].n;
      } finally {
        await client.end();
      }
    };
    if ((await tables()) > 0) {
      throw new Error(
        'The target database is not empty: restore into a new one (createdb <name>) and point DATABASE_URL at it',
      );
    }
    const { dbname, env: childEnv } = libpqArgs(where.url, env);
    // One transaction: a restore that fails part-way leaves the database empty, not half-filled.
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${dbname}`,
        source,
      ],
      childEnv,
    );
    return { database: 'postgres', file: source, tables: await tables() };
  }
  if (existsSync(where.dir) && readdirSync(where.dir).length > 0) {
    throw new Error(
      `${where.dir} already holds a database: move it away (or point DATA_DIR elsewhere) first`,
    );
  }
  mkdirSync(path.dirname(where.dir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(where.dir, { loadDataDir: new Blob([readFileSync(source)]) });
  try {
    const result = await db.query(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    return { database: 'pglite', file: source, tables: result.rows[0].n };
  } finally {
    await db.close();
  }
}

/** The CLI: `node scripts/backup.mjs <file>` or `node scripts/restore.mjs <file>`. */
export async function main(action) {
  try {
    const report = await (action === 'backup' ? backup : restore)(process.argv[2]);
    console.log(JSON.stringify(report));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
