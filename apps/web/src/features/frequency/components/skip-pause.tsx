import {
  formatMembershipDate,
  MAX_PAUSE_CYCLES,
  type Subscription,
  SubscriptionMessages,
} from '@store/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { pauseSubscription, resumeSubscription, skipNextBox } from '../api/membership-actions.ts';
import { boxes, breakState, datesAfterBreak } from '../utils/break-state.ts';

type Pending = { kind: 'skip' } | { kind: 'pause'; cycles: number } | null;

/**
 * Skip the next box, or pause 1-3 boxes with automatic resume (docs/product.md#skip-and-pause).
 * Skip and Pause first ask for confirmation with the date the next box moves to; what was done
 * is said on the page, in a status line under the actions, not in a toast. A break already
 * chosen is shown with its end date and Resume (the API's resume ends a pause or a skip).
 */
export function SkipPause({ subscription }: { subscription: Subscription }) {
  const selectId = useId();
  const [cycles, setCycles] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState<string | null>(null);
  const state = breakState(subscription);
  const dates = datesAfterBreak(subscription);
  // A break lasts at most MAX_PAUSE_CYCLES boxes, a skipped one included.
  const pauseChoices = Array.from({ length: MAX_PAUSE_CYCLES - subscription.skippedBoxes }, (_, i) => i + 1);
  const chosenCycles = Math.min(cycles, pauseChoices.length || 1);

  async function run(name: string, action: () => Promise<void>, message: string) {
    setBusy(name);
    setDone(null);
    try {
      await action();
      setPending(null);
      setDone(message);
    } catch {
      // The api client showed the server's message.
    } finally {
      setBusy(null);
    }
  }

  const status = (
    <p className="skip-pause__done" role="status">
      {done}
    </p>
  );

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
        {status}
      </div>
    );
  }

  if (pending) {
    const isSkip = pending.kind === 'skip';
    const movesTo = formatMembershipDate(isSkip ? dates.afterSkip : dates.afterPause(pending.cycles));
    return (
      <div className="skip-pause">
        <section className="skip-pause__confirm" aria-labelledby={`${selectId}-confirm`}>
          <h3 id={`${selectId}-confirm`} className="skip-pause__confirm-title">
            {isSkip ? 'Skip your next box?' : `Pause for ${boxes(pending.cycles)}?`}
          </h3>
          <p>
            {isSkip
              ? `No box and no charge on ${formatMembershipDate(dates.next)}. Your next box moves to ${movesTo}.`
              : `No box and no charge until ${movesTo}: your membership resumes by itself that day.`}
          </p>
          <div className="skip-pause__actions">
            <Button
              isLoading={busy === pending.kind}
              onClick={() =>
                void (isSkip
                  ? run(
                      'skip',
                      skipNextBox,
                      `${SubscriptionMessages.skipped} Your next box is on ${movesTo}.`,
                    )
                  : run(
                      'pause',
                      () => pauseSubscription(pending.cycles),
                      `${SubscriptionMessages.paused} It resumes on ${movesTo}.`,
                    ))
              }
            >
              {isSkip ? 'Yes, skip it' : 'Yes, pause'}
            </Button>
            <Button variant="secondary" onClick={() => setPending(null)}>
              {isSkip ? 'Keep my box' : "Don't pause"}
            </Button>
          </div>
        </section>
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
          <Button variant="secondary" onClick={() => setPending({ kind: 'skip' })}>
            Skip next box
          </Button>
        </div>
      )}
      {pauseChoices.length > 0 ? (
        <div className="skip-pause__row">
          <label htmlFor={selectId}>Pause for</label>
          <select
            id={selectId}
            value={chosenCycles}
            onChange={(event) => setCycles(Number(event.target.value))}
          >
            {pauseChoices.map((n) => (
              <option key={n} value={n}>
                {boxes(n)}
              </option>
            ))}
          </select>
          <Button variant="secondary" onClick={() => setPending({ kind: 'pause', cycles: chosenCycles })}>
            Pause
          </Button>
        </div>
      ) : null}
      {status}
    </div>
  );
}
