import { describe, expect, it } from 'vitest';
import { withOwnDataDir } from './cli.test-support.ts';
import { runSweepCli, sweepTimeOf } from './sweep.ts';

withOwnDataDir('sweep-cli-');

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
