import path from 'node:path';
import { loadConfig } from '../../config/env.ts';
import { openDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { createCatalogService } from '../catalog/index.ts';
import { createMailer } from '../mail/index.ts';
import { createPaymentProvider } from '../payments/index.ts';
import { createCycleEngine } from './cycles.service.ts';
import type { SweepReport } from './sweep.ts';

/** `--at 2027-01-15T00:00:00Z` (or `--at=...`); now without it. */
export function sweepTimeOf(argv: readonly string[], now: Date = new Date()): Date {
  const index = argv.findIndex((a) => a === '--at' || a.startsWith('--at='));
  if (index < 0) return now;
  const arg = argv[index]!;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1];
  const at = value ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime()))
    throw new Error(`--at needs an ISO date and time, e.g. 2027-01-15T00:00:00Z (got ${value ?? 'nothing'})`);
  return at;
}

/**
 * `npm run sweep -- --at <ISO time>`: one sweep of every membership for that moment, against
 * DATABASE_URL or the PGlite database in DATA_DIR (stop the server first: PGlite has one user).
 */
export async function runSweepCli(
  argv: readonly string[],
  migrationsDir?: URL,
): Promise<SweepReport & { ms: number }> {
  const at = sweepTimeOf(argv);
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  try {
    await migrate(database, migrationsDir);
    const db = database.db;
    const clock = () => at;
    const engine = createCycleEngine({
      db,
      payments: createPaymentProvider({ config, db, clock }),
      mailer: createMailer({ db, smtpUrl: config.smtpUrl }),
      catalog: createCatalogService({ db }),
      config,
      log: { error: (obj, msg) => console.error(msg, obj) },
    });
    // How long the sweep itself took (without opening and migrating the database), for
    // operators and bench/sweep-scale.mjs.
    const started = performance.now();
    const report = await engine.sweep(at);
    return { ...report, ms: Math.round(performance.now() - started) };
  } finally {
    await database.close();
  }
}
