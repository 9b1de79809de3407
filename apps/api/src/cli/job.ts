import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import type { JobRun } from '../modules/system/index.ts';

/**
 * `npm run job -- <name>`: runs one scheduled job once now, against DATABASE_URL or the PGlite
 * database in DATA_DIR (stop the server first when it is PGlite: it has one user).
 * `npm run job` without a name lists the jobs and when each last ran.
 */
export async function runJobCli(
  argv: readonly string[],
  migrationsDir?: URL,
): Promise<{ ran: string } | { jobs: (Partial<JobRun> & { name: string; everyMs: number })[] }> {
  const name = argv.find((a) => !a.startsWith('-'));
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  try {
    await migrate(database, migrationsDir);
    const app = await buildApp({ config, db: database.db });
    try {
      const { scheduler } = app;
      if (!name) {
        const history = await scheduler.history();
        return {
          jobs: scheduler.jobs.map((job) => ({
            name: job.name,
            everyMs: job.everyMs,
            ...history.find((h) => h.name === job.name),
          })),
        };
      }
      const job = scheduler.jobs.find((j) => j.name === name);
      if (!job) {
        throw new Error(`No job "${name}". Jobs: ${scheduler.jobs.map((j) => j.name).join(', ')}`);
      }
      await scheduler.runNow(job);
      return { ran: job.name };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
