import { MAX_PAUSE_CYCLES, type Subscription, SubscriptionMessages } from '@store/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/lib/notifications.ts';
import { pauseSubscription, resumeSubscription, skipNextBox } from '../api/membership-actions.ts';
import { breakState } from '../utils/break-state.ts';

const PAUSE_CHOICES = Array.from({ length: MAX_PAUSE_CYCLES }, (_, i) => i + 1);

/**
 * Skip the next box, or pause 1-3 boxes with automatic resume. A break already chosen is shown
 * with its end date and Resume (the API's resume ends a pause or a skip) instead of Skip again.
 */
export function SkipPause({ subscription }: { subscription: Subscription }) {
  const selectId = useId();
  const [cycles, setCycles] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const state = breakState(subscription);

  async function run(name: string, action: () => Promise<void>, message: string) {
    setBusy(name);
    try {
      await action();
      notify(message, 'success');
    } catch {
      // The api client showed the server's message.
    } finally {
      setBusy(null);
    }
  }

  if (state.kind === 'paused') {
    return (
      <div className="skip-pause">
        <div className="skip-pause__row">
          <p className="skip-pause__state">{state.text}</p>
          <Button
            isLoading={busy === 'resume'}
            onClick={() => void run('resume', resumeSubscription, SubscriptionMessages.resumed)}
          >
            Resume now
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="skip-pause">
      {state.kind === 'skipped' ? (
        <div className="skip-pause__row">
          <p className="skip-pause__state">{state.text}</p>
          <Button
            isLoading={busy === 'resume'}
            onClick={() => void run('resume', resumeSubscription, SubscriptionMessages.resumed)}
          >
            Don't skip
          </Button>
        </div>
      ) : (
        <div className="skip-pause__row">
          <p>Need a break? Skip your next box: no box and no charge that cycle.</p>
          <Button
            variant="secondary"
            isLoading={busy === 'skip'}
            onClick={() => void run('skip', skipNextBox, SubscriptionMessages.skipped)}
          >
            Skip next box
          </Button>
        </div>
      )}
      <div className="skip-pause__row">
        <label htmlFor={selectId}>Pause for</label>
        <select id={selectId} value={cycles} onChange={(event) => setCycles(Number(event.target.value))}>
          {PAUSE_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'box' : 'boxes'}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          isLoading={busy === 'pause'}
          onClick={() => void run('pause', () => pauseSubscription(cycles), SubscriptionMessages.paused)}
        >
          Pause
        </Button>
      </div>
    </div>
  );
}
