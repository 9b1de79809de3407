import { CANCEL_REASONS, DELIVERY_SCHEDULE_DAYS, formatUsd, MAX_PAUSE_CYCLES } from '@store/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/lib/notifications.ts';
import { cancelMembership, changeSchedule, pauseMembership, skipNextBox } from '../api/members.ts';
import { type Detail, day, Fact, useAction } from './member-parts.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The membership now, with schedule, pause, skip and cancel actions (each audited by the server). */
export function MembershipCard({ detail }: { detail: Detail }) {
  const sub = detail.subscription;
  const id = detail.identity.id;
  const { busy, run } = useAction();
  const [days, setDays] = useState(String(sub?.scheduleDays ?? 30));
  const [reason, setReason] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [pauseFor, setPauseFor] = useState('1');
  const scheduleId = useId();
  const pauseId = useId();
  const reasonId = useId();
  if (!sub) {
    return (
      <section className="admin-card member__card" aria-labelledby="membership-title">
        <h2 id="membership-title" className="admin-card__title">
          Membership
        </h2>
        <p>No membership: this person has not paid a first box.</p>
      </section>
    );
  }
  const isCanceled = sub.status === 'canceled';
  async function saveSchedule(event: FormEvent) {
    event.preventDefault();
    await run('schedule', () => changeSchedule(id, Number(days)), `Boxes now every ${days} days.`);
  }
  async function pause(event: FormEvent) {
    event.preventDefault();
    const n = Number(pauseFor);
    await run('pause', () => pauseMembership(id, n), `Paused for ${n} ${n === 1 ? 'box' : 'boxes'}.`);
  }
  async function cancel(event: FormEvent) {
    event.preventDefault();
    if (reason === '') {
      notify('Choose a reason for canceling.', 'error');
      return;
    }
    const ok = await run('cancel', () => cancelMembership(id, Number(reason)), 'The membership is canceled.');
    if (ok) setConfirmCancel(false);
  }
  return (
    <section className="admin-card member__card" aria-labelledby="membership-title">
      <h2 id="membership-title" className="admin-card__title">
        Membership <StatusBadge status={sub.status} />
        {sub.disputedAt ? <span className="admin-badge admin-badge--alert">Disputed</span> : null}
      </h2>
      <dl className="member__facts">
        <Fact label="Plan">
          {sub.planName} · {formatUsd(sub.priceCents)} + {formatUsd(sub.handlingFeeCents)} handling
        </Fact>
        <Fact label="Schedule">Every {sub.scheduleDays} days</Fact>
        <Fact label="Cycle">
          #{sub.currentCycleIndex + 1}, started {day(sub.cycleStartedAt)}
        </Fact>
        <Fact label="Next billing">
          {isCanceled ? '—' : day(sub.nextBillingAt)}
          {sub.skipCycles > 0 ? ` (${sub.paused ? 'paused' : 'skipping'} ${sub.skipCycles})` : ''}
        </Fact>
        {sub.renewalFailures > 0 ? <Fact label="Failed renewals">{sub.renewalFailures}</Fact> : null}
        {isCanceled ? (
          <Fact label="Canceled">
            {day(sub.canceledAt)}
            {sub.cancelReason ? ` · ${sub.cancelReason}` : ''}
          </Fact>
        ) : null}
      </dl>
      {isCanceled ? null : (
        <div className="member__actions">
          <form className="member__inline-form" onSubmit={saveSchedule}>
            <label htmlFor={scheduleId}>Delivery schedule</label>
            <select
              id={scheduleId}
              className="admin-input"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            >
              {DELIVERY_SCHEDULE_DAYS.map((d) => (
                <option key={d} value={d}>
                  Every {d} days
                </option>
              ))}
            </select>
            <Button
              type="submit"
              variant="secondary"
              className="btn--small"
              disabled={busy !== null || Number(days) === sub.scheduleDays}
            >
              Save schedule
            </Button>
          </form>
          {sub.paused || sub.status !== 'active' ? null : (
            <form className="member__inline-form" onSubmit={pause}>
              <label htmlFor={pauseId}>Pause for</label>
              <select
                id={pauseId}
                className="admin-input"
                value={pauseFor}
                onChange={(e) => setPauseFor(e.target.value)}
              >
                {Array.from({ length: MAX_PAUSE_CYCLES - sub.skipCycles }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n} {n === 1 ? 'box' : 'boxes'}
                  </option>
                ))}
              </select>
              <Button
                type="submit"
                variant="secondary"
                className="btn--small"
                disabled={busy !== null || sub.skipCycles >= MAX_PAUSE_CYCLES}
              >
                Pause membership
              </Button>
            </form>
          )}
          <div className="member__buttons">
            <Button
              variant="secondary"
              className="btn--small"
              disabled={busy !== null || sub.skipCycles > 0 || sub.status !== 'active'}
              onClick={() => run('skip', () => skipNextBox(id), 'The next box will be skipped.')}
            >
              Skip next box
            </Button>
            {confirmCancel ? null : (
              <Button
                variant="secondary"
                className="btn--small"
                disabled={busy !== null}
                onClick={() => setConfirmCancel(true)}
              >
                Cancel membership…
              </Button>
            )}
          </div>
          {confirmCancel ? (
            <form className="member__inline-form member__cancel" onSubmit={cancel}>
              <label htmlFor={reasonId}>Reason for canceling</label>
              <select
                id={reasonId}
                className="admin-input"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              >
                <option value="">Choose a reason</option>
                {CANCEL_REASONS.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.displayName}
                  </option>
                ))}
              </select>
              <Button type="submit" className="btn--small" disabled={busy !== null}>
                Cancel membership
              </Button>
              <button type="button" className="admin-link-button" onClick={() => setConfirmCancel(false)}>
                Keep it
              </button>
            </form>
          ) : null}
        </div>
      )}
    </section>
  );
}
