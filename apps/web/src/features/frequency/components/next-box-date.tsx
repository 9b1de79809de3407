import { formatMembershipDate, RESCHEDULE_MAX_DAYS, type Subscription } from '@store/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { rescheduleNextBox, sendNextBoxNow } from '../api/next-box-api.ts';
import './next-box-date.css';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function usd(dollars: number): string {
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE;
}

/**
 * On the delivery schedule page (docs/product.md#moving-the-next-box): choose the day of the next
 * box (tomorrow to 90 days out, UTC days as every date the store shows), or send it now. Sending
 * now charges the card at once, so it asks once more before it does.
 */
export function NextBoxDate({ subscription }: { subscription: Subscription }) {
  const dateId = useId();
  const next = subscription.isoutcNextBillingDate;
  const [date, setDate] = useState(next ? next.slice(0, 10) : '');
  const [busy, setBusy] = useState<'move' | 'send' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string>();
  const today = Date.now();
  const min = dayOf(today + DAY_MS);
  const max = dayOf(today + RESCHEDULE_MAX_DAYS * DAY_MS);
  const isPastDue = subscription.statusName === 'Past Due';
  const price = subscription.subscriptionPrice + subscription.handlingFee;

  async function move(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    setBusy('move');
    try {
      await rescheduleNextBox(date);
      notify(`Your next box is now on ${formatMembershipDate(`${date}T12:00:00Z`)}.`, 'success');
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(null);
    }
  }

  async function send() {
    setProblem(undefined);
    setBusy('send');
    try {
      await sendNextBoxNow();
      setConfirming(false);
      notify('Your next box is on its way: choose your 2 samples on your membership page.', 'success');
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(null);
    }
  }

  if (isPastDue) {
    return <p>Your last payment did not go through. Update your card on the billing page first.</p>;
  }

  return (
    <div className="next-box">
      <form className="next-box__row" onSubmit={(event) => void move(event)} noValidate>
        <label htmlFor={dateId} className="next-box__label">
          Date of my next box
        </label>
        <input
          id={dateId}
          type="date"
          className="next-box__date"
          value={date}
          min={min}
          max={max}
          required
          aria-describedby={`${dateId}-hint`}
          onChange={(event) => setDate(event.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          isLoading={busy === 'move'}
          loadingLabel="Moving your next box"
        >
          Move my next box
        </Button>
        <p id={`${dateId}-hint`} className="next-box__hint">
          Any day from tomorrow to {RESCHEDULE_MAX_DAYS} days out. A skip or pause you set is replaced by this
          date; the boxes after it follow your schedule from there.
        </p>
      </form>
      <div className="next-box__row">
        <p>
          Can't wait? Get your next box now: we charge {usd(price)} plus tax to your saved card today, and you
          choose its samples right away.
        </p>
        {confirming ? (
          <div className="next-box__confirm">
            <Button
              isLoading={busy === 'send'}
              loadingLabel="Sending your next box"
              onClick={() => void send()}
            >
              Yes, charge me and send it
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Not now
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Send my next box now
          </Button>
        )}
      </div>
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
