import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** Drizzle over either driver; transactions share this type, so repositories take either. */
// Both drivers answer raw queries with `{ rows }`, so the node-postgres result type fits both.
export type Db = PgDatabase<NodePgQueryResultHKT>;

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
}

export interface OpenOptions {
  /** A PostgreSQL URL; unset opens PGlite. */
  url?: string;
  /** PGlite's folder; unset keeps PGlite in memory (tests). */
  dataDir?: string;
  /** PostgreSQL only: a schema to work in (tests give each file its own). */
  schema?: string;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
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
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
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
  const db = drizzlePg({ client: pool, logger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    queries,
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
}
