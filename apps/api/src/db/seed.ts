import type { Config } from '../config/env.ts';
import { DEMO_HISTORY_MEMBER_COUNT, type DemoMember } from '../demo/demo-members.ts';
import { type DemoHistoryOptions, seedDemoMembers } from '../demo/seed-demo-members.ts';
import { seedAdmin } from '../modules/accounts/index.ts';
import { seedCoupons } from '../modules/cart/index.ts';
import { seedCatalog } from '../modules/catalog/index.ts';
import type { Database, Db } from './database.ts';

/**
 * Demo data for an empty database (docs/product.md#demo-data-and-sandbox). Each module adds its own seeder here;
 * every seeder is idempotent so restarts change nothing.
 */
export async function seed(db: Db): Promise<void> {
  await seedAdmin(db);
  await seedCatalog(db);
  await seedCoupons(db);
}

/** The demo members' history on a fresh store: a year (docs/product.md#demo-data-and-sandbox). */
export const DEMO_HISTORY = { days: 365, members: DEMO_HISTORY_MEMBER_COUNT } as const;

/**
 * What `npm start` seeds before the store answers (server.ts): the demo catalog, then, when
 * configured, the demo members and their year of history. Under the migration lock, so of several
 * processes starting on one database one seeds and the others then find everything there. A test
 * gives a few `members` (they join now) or a shorter `history`.
 */
export async function seedAtStart(
  database: Database,
  config: Config,
  options: { members?: DemoMember[]; history?: DemoHistoryOptions & { members: number } } = {},
): Promise<{ demoMembers: number; ms: number; error?: Error }> {
  if (!config.seedDemo) return { demoMembers: 0, ms: 0 };
  return database.withMigrationLock(async () => {
    await seed(database.db);
    if (!config.seedDemoMembers) return { demoMembers: 0, ms: 0 };
    try {
      const made = await seedDemoMembers(
        database.db,
        config,
        options.members ? { members: options.members } : { history: options.history ?? DEMO_HISTORY },
      );
      return { demoMembers: made.created, ms: made.ms };
    } catch (error) {
      // Demo members are a nicety: the store still starts, and says why they are missing.
      return { demoMembers: 0, ms: 0, error: error instanceof Error ? error : new Error(String(error)) };
    }
  });
}
