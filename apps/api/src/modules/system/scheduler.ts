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
    const now = clock();
    try {
      if (!(await claim(job, now))) return false;
    } catch (error) {
      log.warn({ err: error, job: job.name }, 'job not claimed: the database did not answer');
      return false;
    }
    try {
      await job.run(now);
      await finish(job, undefined);
    } catch (error) {
      log.error({ err: error, job: job.name }, 'job failed');
      await finish(job, error).catch(() => {});
    }
    return true;
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
    stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
    },
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
