import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildServices } from '../composition/services.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createMemoryRateLimiter } from '../http/rate-limit.ts';
import type { SweepReport } from '../modules/cycles/index.ts';

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

/** Errors to stderr, nothing else: the CLI's one line of JSON is its output. */
function stderrLogger(): FastifyBaseLogger {
  const quiet = () => {};
  const error = (obj: unknown, msg?: string) => console.error(msg ?? obj, msg === undefined ? '' : obj);
  const logger: FastifyBaseLogger = {
    level: 'error',
    fatal: error,
    error,
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  } as FastifyBaseLogger;
  return logger;
}

/**
 * `npm run sweep -- --at <ISO time>`: one sweep of every membership for that moment, against
 * DATABASE_URL or the PGlite database in DATA_DIR (stop the server first: PGlite has one user).
 * The engine comes from the composition root with the clock fixed at that moment, so the CLI
 * bills exactly as the server's scheduled sweep does (next-box extras included).
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
    const services = buildServices({
      config,
      db: database.db,
      log: stderrLogger(),
      clock: () => at,
      limiter: createMemoryRateLimiter(Date.now, config.rateLimitScale),
    });
    try {
      // How long the sweep itself took (without opening and migrating the database), for
      // operators and bench/sweep-scale.mjs.
      const started = performance.now();
      const report = await services.cycles.sweep(at);
      return { ...report, ms: Math.round(performance.now() - started) };
    } finally {
      await services.close();
    }
  } finally {
    await database.close();
  }
}
