import { describe, expect, it } from 'vitest';
import { withOwnDataDir } from './cli.test-support.ts';
import { runJobCli } from './job.ts';

withOwnDataDir('jobs-cli-');

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
