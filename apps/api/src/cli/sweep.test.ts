import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSweepCli, sweepTimeOf } from './sweep.ts';

// The CLI reads the environment like the server: a PGlite folder of its own, no DATABASE_URL.
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sweep-cli-'));
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

describe('npm run sweep', () => {
  it('reads --at in both spellings, defaults to now, and refuses a time it cannot read', () => {
    const now = new Date('2027-03-01T00:00:00Z');
    expect(sweepTimeOf(['--at', '2027-01-15T00:00:00Z'], now).toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(sweepTimeOf(['--at=2027-01-16T12:00:00Z'], now).toISOString()).toBe('2027-01-16T12:00:00.000Z');
    expect(sweepTimeOf([], now)).toBe(now);
    expect(() => sweepTimeOf(['--at', 'soon'], now)).toThrow(/--at needs an ISO date and time/);
    expect(() => sweepTimeOf(['--at'], now)).toThrow(/got nothing/);
  });

  it('sweeps a new database through the composition root and reports what it did and how long it took', async () => {
    const report = await runSweepCli(['--at', '2027-01-15T00:00:00Z']);
    expect(report).toMatchObject({ renewed: 0, failed: 0, canceled: 0, mailsSent: 0 });
    expect(report.ms).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
