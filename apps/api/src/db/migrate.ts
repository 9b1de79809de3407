import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

/**
 * Migrations are plain SQL files, `NNNN_name.sql`, applied in name order, each in its own
 * transaction, once. The same files run on PGlite and PostgreSQL.
 */
export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export async function migrate(database: Database, dir: URL = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  return database.withMigrationLock(async () => {
    await database.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = await database.db.execute<{ name: string }>(sql`SELECT name FROM schema_migrations`);
    const applied = new Set(done.rows.map((r) => r.name));
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const script = readFileSync(new URL(file, dir), 'utf8');
      const quoted = file.replace(/'/g, "''");
      await database.exec(
        `BEGIN;\n${script}\n;INSERT INTO schema_migrations (name) VALUES ('${quoted}');\nCOMMIT;`,
      );
      ran.push(file);
    }
    return ran;
  });
}
