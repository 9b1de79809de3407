import type { AdminJob } from '@store/contracts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorText } from '../../components/list-parts.tsx';
import { useJobs } from '../api/get-jobs.ts';

/** What each job does, in the operator's words. */
const JOB_LABELS: Record<string, string> = {
  'membership-sweep': 'Membership sweep: renewals, retries, samples, shipping, reminders',
  'payment-reconciliation': 'Payment reconciliation: payments whose answer was lost, queued mail',
  'provider-event-reconciliation': 'Provider events: refunds and disputes whose webhook was lost',
  'stock-hold-release': 'Stock holds: tubs of abandoned checkouts back on the shelf',
};

function when(iso: string | null): string {
  if (!iso) return '–';
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
}

function every(seconds: number): string {
  return seconds % 60 === 0 ? `every ${seconds / 60} min` : `every ${seconds} s`;
}

function Result({ job }: { job: AdminJob }) {
  if (job.running) return <span className="admin-badge">Running</span>;
  if (!job.lastStartedAt) return <span className="admin-badge">Not run yet</span>;
  if (job.failed) {
    return (
      <>
        <span className="admin-badge admin-badge--todo">Failed</span>
        <span className="admin-table__sub jobs-panel__error">{job.lastError}</span>
      </>
    );
  }
  return <span className="admin-badge admin-badge--done">OK</span>;
}

/** The scheduled jobs on the dashboard: when each last ran, whether it failed, when it runs next. */
export function JobsPanel() {
  const { data, error, isLoading, reload } = useJobs();
  return (
    <section className="dashboard jobs-panel" aria-labelledby="jobs-title">
      <div className="dashboard__head">
        <h2 id="jobs-title" className="dashboard__title">
          Scheduled jobs
        </h2>
        <Button variant="secondary" className="btn--small" onClick={reload}>
          Refresh
        </Button>
      </div>
      {isLoading ? (
        <p className="admin-state">
          <Spinner label="Loading the jobs" /> Loading the jobs…
        </p>
      ) : error ? (
        <div className="admin-state admin-state--error" role="alert">
          <p>{errorText(error)}</p>
        </div>
      ) : data ? (
        <div className="admin-table-wrap">
          <table className="admin-table jobs-panel__table">
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Result</th>
                <th scope="col">Last run</th>
                <th scope="col">Next run</th>
                <th scope="col" className="jobs-panel__runs">
                  Runs (failed)
                </th>
              </tr>
            </thead>
            <tbody>
              {data.jobs.map((job) => (
                <tr key={job.name}>
                  <td>
                    <span className="admin-table__title">{JOB_LABELS[job.name] ?? job.name}</span>
                    <span className="admin-table__sub">
                      {job.name}, {every(job.everySeconds)}
                    </span>
                  </td>
                  <td>
                    <Result job={job} />
                  </td>
                  <td>{when(job.lastStartedAt)}</td>
                  <td>{job.nextRunAt ? when(job.nextRunAt) : 'At the next tick'}</td>
                  <td className="jobs-panel__runs">
                    {job.runs} ({job.failures})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
