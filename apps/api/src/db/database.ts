import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { reusePgliteStatements } from './pglite-statements.ts';
import { reuseStatements } from './statement-names.ts';

/** Drizzle over either driver. A transaction of it is assignable to it, so repositories take either with no cast. */
// Both drivers answer raw queries with `{ rows }`, so the node-postgres result type fits both.
export type Db = PgDatabase<NodePgQueryResultHKT>;

/**
 * An open transaction of `Db`. It is a `Db` too (repositories take either), but a `Db` is not a
 * `Tx`: a port or hook typed with `Tx` runs inside its caller's transaction, and the compiler
 * refuses the bare database there.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One open database: Drizzle for queries, plus what migrations and shutdown need. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** SQL statements sent through `db` since the database was opened (each one is a round trip). */
  readonly queries: { count: number };
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  /** Runs `work` while holding the migration lock, so several processes never migrate at once. */
  withMigrationLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Called when a pooled connection breaks outside a query (the server restarted, an operator
   * terminated the backend). The process lives on; the next query opens a fresh connection.
   * Replace it to send the line to the app's logger.
   */
  onConnectionError: (error: Error) => void;
}

/** Seconds a client is asked to wait before retrying while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const unavailableCodes = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend or a server shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up, shutting down or in recovery
  '53300', // too_many_connections, and connection slots reserved for superusers
  '53000', // insufficient_resources: the server could not start a backend for the connection
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const unavailableMessages =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended|terminating connection/i;
/**
 * SQLSTATE 55000 (object_not_in_prerequisite_state) is a refusal to connect only with this message
 * (a database with ALLOW_CONNECTIONS false, being restored or dropped); elsewhere it is a bug.
 */
const notAcceptingConnections = /not currently accepting connections/i;

/**
 * True when `error` (or an error it wraps, as Drizzle's query errors do) means the database could
 * not be reached, refused the connection or dropped it: the request may succeed if retried a
 * little later, so it answers 503 with Retry-After (docs/reliability.md#h2).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || /^08/.test(code))) return true;
    if (code === '55000' && notAcceptingConnections.test(current.message)) return true;
    if (unavailableMessages.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const logToStderr = (error: Error) =>
  process.stderr.write(
    `${JSON.stringify({ level: 40, msg: 'database connection lost; reconnecting on next query', err: error.message })}\n`,
  );

export interface OpenOptions {
  /** A PostgreSQL URL; unset opens PGlite. */
  url?: string;
  /** PGlite's folder; unset keeps PGlite in memory (tests). */
  dataDir?: string;
  /** PostgreSQL only: a schema to work in (tests give each file its own). */
  schema?: string;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
  /** PostgreSQL only: the name its connections show in pg_stat_activity. */
  applicationName?: string;
}

/**
 * Counts the statements Drizzle sends (its logger sees every query, prepared or not), so a test can
 * hold a route to its number of round trips. An increment per query: nothing is built or kept.
 */
function queryCounter() {
  const queries = { count: 0 };
  return {
    queries,
    logger: {
      logQuery: () => {
        queries.count++;
      },
    },
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  reusePgliteStatements(client);
  const { queries, logger } = queryCounter();
  const db = drizzlePglite({ client, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queries,
    exec: async (script) => {
      try {
        await client.exec(script);
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
    // PGlite is one connection in one process: nothing else can migrate at the same time.
    withMigrationLock: (work) => work(),
    close: () => client.close(),
    // PGlite runs inside this process: there is no connection to lose.
    onConnectionError: logToStderr,
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    application_name: options.applicationName ?? 'store-api',
    // An unreachable server fails the request (503) instead of queueing it for ever.
    connectionTimeoutMillis: 5_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  if (options.schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replace(/"/g, '')}"`);
    } finally {
      await admin.end();
    }
  }
  const { queries, logger } = queryCounter();
  // Without these listeners a dropped connection is an unhandled 'error' event, and Node exits.
  // The pool's listener covers idle connections; the per-connection one covers a connection that
  // is checked out (inside a transaction) when the server goes away. Its query fails, the pool
  // discards it, and the next request connects afresh.
  const database: Database = {
    db: drizzlePg({ client: pool, logger }) as unknown as Db,
    kind: 'postgres',
    queries,
    onConnectionError: logToStderr,
    exec: async (script) => {
      const client = await pool.connect();
      try {
        await client.query(script);
      } catch (error) {
        // A failed multi-statement script leaves its transaction open: close it before release.
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    withMigrationLock: async (work) => {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock(hashtext('store-migrations'))");
        return await work();
      } finally {
        await client.query("SELECT pg_advisory_unlock(hashtext('store-migrations'))").catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
  // An idle connection's error reaches both listeners; it is logged once, by the connection's.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', (error) => database.onConnectionError(error));
    reuseStatements(client);
  });
  return database;
}
