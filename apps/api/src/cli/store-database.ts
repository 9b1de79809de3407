import path from 'node:path';
import { type Config, loadConfig } from '../config/env.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

/**
 * Runs a CLI's `work` on the store's database as the server would open it (DATABASE_URL, or the
 * PGlite database in DATA_DIR: stop the server first then, PGlite has one user), migrated, and
 * closes it however `work` ends.
 */
export async function withStoreDatabase<T>(
  migrationsDir: URL | undefined,
  work: (database: Database, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  try {
    await migrate(database, migrationsDir);
    return await work(database, config);
  } finally {
    await database.close();
  }
}
