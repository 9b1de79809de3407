import { DASHBOARD_MAX_DAYS } from '@store/contracts';

/** The dashboard's period picker: presets counted back from today (UTC), or two dates. */

const DAY_MS = 24 * 60 * 60 * 1000;

export const PERIOD_PRESETS = [
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '12 months', days: 365 },
] as const;

export type PresetValue = (typeof PERIOD_PRESETS)[number]['value'];

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The `days` days ending `today`, both included. */
export function presetPeriod(days: number, today: Date): { from: string; to: string } {
  return { from: dayOf(new Date(today.getTime() - (days - 1) * DAY_MS)), to: dayOf(today) };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why two picked dates cannot be asked for, or null when they can. */
export function periodProblem(from: string, to: string): string | null {
  if (!DATE.test(from) || !DATE.test(to)) return 'Please choose both dates.';
  if (from > to) return 'The start must not be after the end.';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > DASHBOARD_MAX_DAYS) return `Please choose at most ${DASHBOARD_MAX_DAYS} days.`;
  return null;
}

/** The preset a period is, if it is one. */
export function presetOf(from: string, to: string, today: Date): PresetValue | undefined {
  return PERIOD_PRESETS.find((p) => {
    const period = presetPeriod(p.days, today);
    return period.from === from && period.to === to;
  })?.value;
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Mar 8" for a week's Monday. */
export function weekLabel(weekStart: string): string {
  return shortDate.format(new Date(`${weekStart}T00:00:00Z`));
}

/** "Feb 16 – Mar 17, 2027". */
export function periodLabel(from: string, to: string): string {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  const left = a.getUTCFullYear() === b.getUTCFullYear() ? shortDate.format(a) : longDate.format(a);
  return `${left} – ${longDate.format(b)}`;
}
