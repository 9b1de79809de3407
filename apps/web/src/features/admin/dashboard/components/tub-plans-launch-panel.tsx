import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { setCached } from '@/lib/use-api.ts';
import { ADMIN_KEY } from '../../api/keys.ts';
import { errorText } from '../../components/list-parts.tsx';
import { launchTubPlans, useTubPlanLaunchStatus } from '../api/tub-plan-launch.ts';

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Launch tub plans (docs/product.md#tub-plans): until then the learn-more page takes pre-orders;
 * the launch starts plans there and mails every paid pre-order holder. It asks first, once.
 */
export function TubPlansLaunchPanel() {
  const { data, error, isLoading, reload } = useTubPlanLaunchStatus();
  const [isAsking, setIsAsking] = useState(false);
  const [isLaunching, setIsLaunching] = useState(false);
  const [said, setSaid] = useState<{ text: string; isError: boolean } | null>(null);

  async function launch() {
    setIsLaunching(true);
    try {
      const result = await launchTubPlans();
      setCached(`${ADMIN_KEY}tub-plan-status`, { launched: true, launchedAt: result.launchedAt });
      setSaid({
        text: result.launchedNow
          ? `Tub plans are launched. ${result.mailed} pre-order holder${result.mailed === 1 ? ' was' : 's were'} mailed.`
          : `Tub plans were already launched on ${when(result.launchedAt)}; nothing changed.`,
        isError: false,
      });
      setIsAsking(false);
    } catch (e) {
      setSaid({ text: errorText(e), isError: true });
    } finally {
      setIsLaunching(false);
    }
  }

  return (
    <section className="dashboard" aria-labelledby="tub-plans-launch-title">
      <div className="dashboard__head">
        <h2 id="tub-plans-launch-title" className="dashboard__title">
          Tub plans
        </h2>
      </div>
      {isLoading ? (
        <p className="admin-state">
          <Spinner label="Loading the tub plans' state" /> Loading…
        </p>
      ) : error ? (
        <div className="admin-state admin-state--error" role="alert">
          <p>{errorText(error)}</p>
          <Button variant="secondary" className="btn--small" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : data?.launched ? (
        <p>
          Launched on {when(data.launchedAt!)}. Members start Flex and Max plans on the tub plans page;
          pre-order holders were mailed.
        </p>
      ) : (
        <>
          <p>
            The tub plans page takes pre-orders. Launching lets members start Flex and Max plans there and
            mails every paid pre-order holder to choose their tubs; unclaimed pre-orders are refunded 30 days
            later.
          </p>
          {isAsking ? (
            <div className="dashboard-launch__confirm">
              <p>Launch tub plans now? This cannot be undone.</p>
              <Button
                isLoading={isLaunching}
                loadingLabel="Launching tub plans"
                onClick={() => void launch()}
              >
                Yes, launch tub plans
              </Button>
              <Button variant="secondary" onClick={() => setIsAsking(false)}>
                Not yet
              </Button>
            </div>
          ) : (
            <Button onClick={() => setIsAsking(true)}>Launch tub plans</Button>
          )}
        </>
      )}
      <p className={said?.isError ? 'field__error' : undefined} role="status" aria-live="polite">
        {said?.text ?? ''}
      </p>
    </section>
  );
}
