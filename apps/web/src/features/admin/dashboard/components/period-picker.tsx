import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { PERIOD_PRESETS, periodProblem, presetOf, presetPeriod } from '../utils/period.ts';
import './dashboard.css';

/** The back office's period: presets counted back from today (UTC), or two dates; the dashboard's and the insights'. */
export function PeriodPicker({
  from,
  to,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (period: { from: string; to: string }) => void;
}) {
  const id = useId();
  const today = new Date();
  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setDraft({ from: from ?? '', to: to ?? '' }), [from, to]);
  const preset = from && to ? presetOf(from, to, today) : undefined;

  function apply(event: FormEvent) {
    event.preventDefault();
    const found = periodProblem(draft.from, draft.to);
    setProblem(found);
    if (!found) onChange(draft);
  }

  return (
    <div className="dashboard-period">
      <fieldset className="admin-tabs dashboard-period__presets">
        <legend className="visually-hidden">Period</legend>
        {PERIOD_PRESETS.map((p) => (
          <label key={p.value} className="admin-tabs__tab">
            <input
              type="radio"
              name={`${id}-preset`}
              value={p.value}
              checked={preset === p.value}
              onChange={() => onChange(presetPeriod(p.days, today))}
            />
            <span>{p.label}</span>
          </label>
        ))}
      </fieldset>
      <form className="dashboard-period__custom" onSubmit={apply} noValidate>
        <label className="admin-field">
          <span className="admin-field__label">From</span>
          <input
            type="date"
            className="admin-input"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">To</span>
          <input
            type="date"
            className="admin-input"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </label>
        <Button type="submit" variant="secondary" className="btn--small">
          Show
        </Button>
        {problem ? (
          <p id={`${id}-problem`} className="admin-field__error dashboard-period__problem" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </div>
  );
}
