import { describe, expect, it } from 'vitest';
import { periodLabel, periodProblem, presetOf, presetPeriod, weekLabel } from './period.ts';

const today = new Date('2027-03-17T12:00:00Z');

describe('dashboard period', () => {
  it('counts a preset back from today, both days included', () => {
    expect(presetPeriod(30, today)).toEqual({ from: '2027-02-16', to: '2027-03-17' });
    expect(presetPeriod(7, today)).toEqual({ from: '2027-03-11', to: '2027-03-17' });
    expect(presetOf('2027-02-16', '2027-03-17', today)).toBe('30');
    expect(presetOf('2027-02-15', '2027-03-17', today)).toBeUndefined();
  });

  it('says what is wrong with two dates before asking the server', () => {
    expect(periodProblem('2027-03-01', '2027-03-14')).toBeNull();
    expect(periodProblem('', '2027-03-14')).toBe('Please choose both dates.');
    expect(periodProblem('2027-03-14', '2027-03-01')).toBe('The start must not be after the end.');
    expect(periodProblem('2026-01-01', '2027-01-02')).toBe('Please choose at most 366 days.');
    expect(periodProblem('2026-01-01', '2027-01-01')).toBeNull();
  });

  it('labels weeks and periods', () => {
    expect(weekLabel('2027-03-08')).toBe('Mar 8');
    expect(periodLabel('2027-02-16', '2027-03-17')).toBe('Feb 16 – Mar 17, 2027');
    expect(periodLabel('2026-12-20', '2027-01-05')).toBe('Dec 20, 2026 – Jan 5, 2027');
  });
});
