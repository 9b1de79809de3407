import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobCli } from './job.ts';

// The CLI reads the environment like the server: a PGlite folder of its own, no DATABASE_URL.
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'jobs-cli-'));
  process.env.DATA_DIR = dir;
  delete process.env.DATABASE_URL;
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run job', () => {
  it('S2: runs one job once and then lists it with its last run; an unknown name names the jobs', async () => {
    expect(await runJobCli(['stock-hold-release'])).toEqual({ ran: 'stock-hold-release' });
    const listed = await runJobCli([]);
    expect('jobs' in listed && listed.jobs.map((j) => j.name)).toEqual([
      'membership-sweep',
      'payment-reconciliation',
      'provider-event-reconciliation',
      'stock-hold-release',
    ]);
    const release = 'jobs' in listed ? listed.jobs.find((j) => j.name === 'stock-hold-release') : undefined;
    expect(release).toMatchObject({ runs: 1, failures: 0, lastError: null });
    await expect(runJobCli(['nope'])).rejects.toThrow(/No job "nope"\. Jobs: membership-sweep/);
  }, 60_000);
});
