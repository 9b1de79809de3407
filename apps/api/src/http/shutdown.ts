import type { FastifyInstance } from 'fastify';

/** The whole shutdown, signal to exit, stays inside this (docs/reliability.md#i1). */
export const SHUTDOWN_DEADLINE_MS = 10_000;

export interface ShutdownOptions {
  /** Ends the process; the real process by default, nothing when a test passes its own emitter. */
  exit?: (code: number) => void;
  /** How long a scheduled job in progress may take to finish before its period is handed back. */
  jobGraceMs?: number;
  /** When requests still in flight are cut off, so the pools can close in time. */
  requestGraceMs?: number;
  /**
   * When the process stops waiting for the database pool: a connection still checked out (a job
   * handed back while stuck on a lock) is dropped with the process, and its transaction rolls back.
   */
  databaseGraceMs?: number;
  /** When the process exits whatever is still open (exit code 1). */
  deadlineMs?: number;
}

/**
 * Stops the store on SIGTERM or SIGINT (docs/reliability.md#i1): the server stops accepting
 * connections and answers 503 with `Connection: close` on the ones it keeps; requests in flight
 * finish; a running job gets a few seconds to finish, else its period is handed back to the other
 * processes; then Redis and the database pools close and the process exits 0. Whatever is still
 * open at the deadline does not keep the process alive: it exits 1 and says what it waited for.
 */
export function installShutdown(
  app: FastifyInstance,
  onClosed: () => Promise<void>,
  proc: NodeJS.EventEmitter = process,
  options: ShutdownOptions = {},
) {
  const exit = options.exit ?? (proc === process ? (code: number) => process.exit(code) : () => {});
  const deadlineMs = options.deadlineMs ?? SHUTDOWN_DEADLINE_MS - 500;
  const jobGraceMs = options.jobGraceMs ?? 4_000;
  const requestGraceMs = options.requestGraceMs ?? 6_000;
  const databaseGraceMs = options.databaseGraceMs ?? 8_500;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    let stage = 'closing the server';
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error({ signal, stage, ms: Date.now() - started }, 'shutdown deadline passed; exiting');
      exit(1);
    }, deadlineMs);
    deadline.unref();
    // Requests still running this late are cut off, so the pools they hold can close.
    const cutOff = setTimeout(() => {
      app.log.warn({ signal }, 'requests still in flight at the shutdown grace: closing their connections');
      app.server.closeAllConnections?.();
    }, requestGraceMs);
    cutOff.unref();
    try {
      // Jobs and requests drain together; app.close() waits for both (its onClose stops the scheduler).
      const handedBack = app.scheduler?.stop(jobGraceMs);
      await app.close();
      const jobs = (await handedBack) ?? [];
      if (jobs.length > 0) app.log.warn({ jobs }, 'jobs handed back to the other processes');
      stage = 'closing the database';
      const poolClosed = await Promise.race([
        onClosed().then(() => true),
        new Promise<false>((resolve) =>
          setTimeout(() => resolve(false), Math.max(0, databaseGraceMs - (Date.now() - started))),
        ),
      ]);
      if (!poolClosed) {
        app.log.warn('database connections still in use at the shutdown grace: dropped with the process');
      }
      clearTimeout(cutOff);
      clearTimeout(deadline);
      app.log.info({ signal, ms: Date.now() - started, jobsHandedBack: jobs }, 'shut down cleanly');
      exit(0);
    } catch (error) {
      clearTimeout(cutOff);
      clearTimeout(deadline);
      app.log.error({ err: error, stage }, 'shutdown failed');
      process.exitCode = 1;
      exit(1);
    }
  };
  proc.on('SIGTERM', () => void shutdown('SIGTERM'));
  proc.on('SIGINT', () => void shutdown('SIGINT'));
}
