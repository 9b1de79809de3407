import { buildApp } from '../app.ts';
import type { JobRun } from '../modules/system/index.ts';
import { withStoreDatabase } from './store-database.ts';

/**
 * `npm run job -- <name>`: runs one scheduled job once now, against the store's database
 * (`withStoreDatabase`). `npm run job` without a name lists the jobs and when each last ran.
 */
export async function runJobCli(
  argv: readonly string[],
  migrationsDir?: URL,
): Promise<{ ran: string } | { jobs: (Partial<JobRun> & { name: string; everyMs: number })[] }> {
  const name = argv.find((a) => !a.startsWith('-'));
  return withStoreDatabase(migrationsDir, async (database, config) => {
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
  });
}
