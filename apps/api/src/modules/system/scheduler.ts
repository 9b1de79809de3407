import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';

/** One time-driven job: what it does and how often. */
export interface Job {
  name: string;
  everyMs: number;
  run: (now: Date) => Promise<unknown>;
}

export interface JobRun {
  name: string;
  lastStartedAt: Date;
  lastFinishedAt: Date | null;
  lastError: string | null;
  runs: number;
  failures: number;
}

/**
 * The one scheduler of the store's time-driven work. Every process runs it; each period of each
 * job is claimed by one atomic UPDATE of its `job_runs` row, so with several processes on one
 * database the job still runs once per period (and a run that is still going is not started again
 * unless it has been silent for ten periods, i.e. its process died).
 */
export function createScheduler(deps: { db: Db; clock: () => Date; log: FastifyBaseLogger; jobs: Job[] }) {
  const { db, clock, log, jobs } = deps;
  const timers: NodeJS.Timeout[] = [];
  /** Runs this process claimed and has not finished, by job name, with the time of the claim. */
  const running = new Map<string, { job: Job; claimedAt: Date; done: Promise<void> }>();
  let stopping: Promise<string[]> | undefined;

  /** Claims this period of `job` for this process; false when another process has it. */
  async function claim(job: Job, now: Date): Promise<boolean> {
    const due = new Date(now.getTime() - job.everyMs + 1000);
    const stale = new Date(now.getTime() - job.everyMs * 10);
    const result = await db.execute(sql`
      INSERT INTO job_runs (name, last_started_at) VALUES (${job.name}, ${now})
      ON CONFLICT (name) DO UPDATE SET last_started_at = EXCLUDED.last_started_at
      WHERE job_runs.last_started_at <= ${due}
        AND (job_runs.last_finished_at >= job_runs.last_started_at OR job_runs.last_started_at <= ${stale})
      RETURNING name`);
    return result.rows.length > 0;
  }

  async function finish(job: Job, error: unknown) {
    const message = error === undefined ? null : error instanceof Error ? error.message : String(error);
    const finishedAt = clock();
    await db.execute(sql`
      UPDATE job_runs SET last_finished_at = ${finishedAt}, last_error = ${message},
        runs = runs + 1, failures = failures + ${message === null ? 0 : 1},
        last_succeeded_at = COALESCE(${message === null ? finishedAt : null}::timestamptz, last_succeeded_at)
      WHERE name = ${job.name}`);
  }

  /** Runs `job` now, regardless of its period (the CLI and the dev clock). */
  async function runNow(job: Job, now = clock()): Promise<void> {
    await db.execute(sql`
      INSERT INTO job_runs (name, last_started_at) VALUES (${job.name}, ${now})
      ON CONFLICT (name) DO UPDATE SET last_started_at = EXCLUDED.last_started_at`);
    try {
      await job.run(now);
    } catch (error) {
      await finish(job, error);
      throw error;
    }
    await finish(job, undefined);
  }

  /** One tick of `job`: runs it when this process wins the period. Never throws. */
  async function tick(job: Job): Promise<boolean> {
    if (stopping) return false;
    const now = clock();
    try {
      if (!(await claim(job, now))) return false;
    } catch (error) {
      log.warn({ err: error, job: job.name }, 'job not claimed: the database did not answer');
      return false;
    }
    const done = (async () => {
      try {
        await job.run(now);
        await finish(job, undefined);
      } catch (error) {
        log.error({ err: error, job: job.name }, 'job failed');
        await finish(job, error).catch(() => {});
      }
    })();
    running.set(job.name, { job, claimedAt: now, done });
    try {
      await done;
    } finally {
      running.delete(job.name);
    }
    return true;
  }

  /**
   * A run that did not finish before shutdown gives its period back (docs/reliability.md#i1): its
   * claim is marked finished a period ago, so the next process that ticks runs the job again.
   * Only this process's own claim is touched (the start time must still be the one it wrote).
   */
  async function handBack(name: string, job: Job, claimedAt: Date) {
    const earlier = new Date(clock().getTime() - job.everyMs);
    await db.execute(sql`
      UPDATE job_runs SET last_started_at = ${earlier}, last_finished_at = ${earlier},
        last_error = 'stopped by a shutdown before it finished; handed back'
      WHERE name = ${name} AND last_started_at = ${claimedAt}
        AND (last_finished_at IS NULL OR last_finished_at < last_started_at)`);
  }

  /**
   * Stops ticking; waits up to `graceMs` for runs in progress, then hands back those still going.
   * Answers the names handed back; calling it again answers the same.
   */
  function stop(graceMs = 0): Promise<string[]> {
    for (const timer of timers.splice(0)) clearInterval(timer);
    stopping ??= (async () => {
      const inProgress = [...running.values()];
      if (inProgress.length === 0) return [];
      let timer: NodeJS.Timeout | undefined;
      const timeUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.all(inProgress.map((r) => r.done)), timeUp]);
      clearTimeout(timer);
      const unfinished = [...running.entries()];
      for (const [name, { job, claimedAt }] of unfinished) {
        log.warn({ job: name }, 'job still running at shutdown: handing its period back');
        await handBack(name, job, claimedAt).catch((error) =>
          log.error({ err: error, job: name }, 'job could not be handed back'),
        );
      }
      return unfinished.map(([name]) => name);
    })();
    return stopping;
  }

  return {
    jobs,
    tick,
    runNow,
    start() {
      for (const job of jobs) {
        const timer = setInterval(() => void tick(job), Math.min(job.everyMs, 15_000));
        timer.unref();
        timers.push(timer);
      }
    },
    stop,
    async history(): Promise<JobRun[]> {
      const result = await db.execute<{
        name: string;
        last_started_at: string | Date;
        last_finished_at: string | Date | null;
        last_error: string | null;
        runs: number;
        failures: number;
      }>(sql`SELECT * FROM job_runs ORDER BY name`);
      return result.rows.map((r) => ({
        name: r.name,
        lastStartedAt: new Date(r.last_started_at),
        lastFinishedAt: r.last_finished_at ? new Date(r.last_finished_at) : null,
        lastError: r.last_error,
        runs: Number(r.runs),
        failures: Number(r.failures),
      }));
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The store's time-driven jobs (`npm run job` runs one once). */
    scheduler: Scheduler;
  }
}
