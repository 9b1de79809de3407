import type { FastifyBaseLogger } from 'fastify';
import { buildServices } from '../composition/services.ts';
import { createMemoryRateLimiter } from '../http/rate-limit.ts';
import type { SweepReport } from '../modules/cycles/index.ts';
import { withStoreDatabase } from './store-database.ts';

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
 * the store's database (`withStoreDatabase`).
 * The engine comes from the composition root with the clock fixed at that moment, so the CLI
 * bills exactly as the server's scheduled sweep does (next-box extras included).
 */
export async function runSweepCli(
  argv: readonly string[],
  migrationsDir?: URL,
): Promise<SweepReport & { ms: number }> {
  const at = sweepTimeOf(argv);
  return withStoreDatabase(migrationsDir, async (database, config) => {
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
  });
}
