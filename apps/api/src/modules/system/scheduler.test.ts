import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { createScheduler, type Job } from './scheduler.ts';

const MINUTE = 60_000;
let database: Database;
let now = new Date('2027-01-01T00:00:00Z');
const clock = () => now;
const log = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Two API processes sharing one database: two schedulers over the same jobs. */
function twoProcesses(jobs: Job[]) {
  return [
    createScheduler({ db: database.db, clock, log, jobs }),
    createScheduler({ db: database.db, clock, log, jobs }),
  ];
}

describe('one scheduler for time-driven work', () => {
  it('S2: two processes ticking at the same moment run a job once per period', async () => {
    const charged: string[] = [];
    const job: Job = {
      name: 'charge-renewals',
      everyMs: MINUTE,
      run: async (at) => {
        charged.push(at.toISOString());
      },
    };
    const [a, b] = twoProcesses([job]);
    const first = await Promise.all([a!.tick(job), b!.tick(job), a!.tick(job), b!.tick(job)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(charged).toEqual(['2027-01-01T00:00:00.000Z']);

    now = new Date(now.getTime() + 30_000);
    expect(await Promise.all([a!.tick(job), b!.tick(job)])).toEqual([false, false]);
    now = new Date(now.getTime() + 30_000);
    expect((await Promise.all([a!.tick(job), b!.tick(job)])).filter(Boolean)).toHaveLength(1);
    expect(charged).toHaveLength(2);
  });

  it('S2: a run still going is not started again by the other process', async () => {
    let release: () => void = () => {};
    let started = 0;
    const job: Job = {
      name: 'slow-reconcile',
      everyMs: MINUTE,
      run: () => {
        started++;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const [a, b] = twoProcesses([job]);
    const running = a!.tick(job);
    await new Promise((resolve) => setTimeout(resolve, 50));
    now = new Date(now.getTime() + 2 * MINUTE);
    expect(await b!.tick(job)).toBe(false);
    release();
    expect(await running).toBe(true);
    expect(started).toBe(1);
  });

  it('S2: the history says when each job last ran and whether it failed', async () => {
    const job: Job = {
      name: 'failing-release',
      everyMs: MINUTE,
      run: async () => {
        throw new Error('the provider did not answer');
      },
    };
    const [a] = twoProcesses([job]);
    expect(await a!.tick(job)).toBe(true);
    const row = (await a!.history()).find((r) => r.name === 'failing-release');
    expect(row).toMatchObject({ lastError: 'the provider did not answer', runs: 1, failures: 1 });
    expect(row!.lastStartedAt.toISOString()).toBe(now.toISOString());

    await expect(a!.runNow({ ...job, run: async () => {} })).resolves.toBeUndefined();
    const after = (await a!.history()).find((r) => r.name === 'failing-release');
    expect(after).toMatchObject({ lastError: null, runs: 2, failures: 1 });
  });
});

describe('I1 a scheduler that stops', () => {
  it('I1: lets a run in progress finish within the grace, and then no tick claims anything', async () => {
    let finish: () => void = () => {};
    const job: Job = {
      name: 'finishing-sweep',
      everyMs: MINUTE,
      run: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    };
    const [a] = twoProcesses([job]);
    const running = a!.tick(job);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = a!.stop(5_000);
    setTimeout(() => finish(), 100);
    expect(await stopped).toEqual([]);
    expect(await running).toBe(true);
    expect((await a!.history()).find((r) => r.name === 'finishing-sweep')).toMatchObject({
      runs: 1,
      failures: 0,
    });
    now = new Date(now.getTime() + 2 * MINUTE);
    expect(await a!.tick(job)).toBe(false);
  });

  it('I1: hands the period of a run that outlasts the grace back, so another process runs the job at once', async () => {
    let release: () => void = () => {};
    const started: string[] = [];
    const job: Job = {
      name: 'stuck-reconcile',
      everyMs: MINUTE,
      run: async (at) => {
        started.push(at.toISOString());
        if (started.length === 1) {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }
      },
    };
    const [a, b] = twoProcesses([job]);
    const running = a!.tick(job);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Without the hand-back, the other process would wait ten periods before taking the job over.
    expect(await b!.tick(job)).toBe(false);
    expect(await a!.stop(100)).toEqual(['stuck-reconcile']);
    const row = (await b!.history()).find((r) => r.name === 'stuck-reconcile');
    expect(row?.lastError).toBe('stopped by a shutdown before it finished; handed back');
    expect(await b!.tick(job)).toBe(true);
    expect(started).toHaveLength(2);
    release();
    await running;
  });
});
