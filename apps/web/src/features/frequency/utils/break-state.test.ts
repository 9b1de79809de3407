import { describe, expect, it } from 'vitest';
import { breakState, datesAfterBreak } from './break-state.ts';

const resumes = '2027-04-30T15:00:00.000Z';

describe('the skip or pause the member already chose', () => {
  it('says the next box is skipped and when billing resumes', () => {
    expect(breakState({ statusName: 'Active', skippedBoxes: 1, isoutcNextBillingDate: resumes })).toEqual({
      kind: 'skipped',
      text: 'Your next box is skipped — billing resumes on April 30, 2027.',
    });
  });

  it('says until when the membership is paused, pluralising the boxes', () => {
    expect(breakState({ statusName: 'Paused', skippedBoxes: 3, isoutcNextBillingDate: resumes })).toEqual({
      kind: 'paused',
      text: 'Paused until April 30, 2027. No box and no charge for the next 3 boxes; it resumes by itself then.',
    });
    expect(
      breakState({ statusName: 'Paused', skippedBoxes: 1, isoutcNextBillingDate: resumes }),
    ).toMatchObject({
      text: expect.stringContaining('the next 1 box;'),
    });
  });

  it('offers skip and pause when no break is chosen', () => {
    expect(breakState({ statusName: 'Active', skippedBoxes: 0, isoutcNextBillingDate: resumes })).toEqual({
      kind: 'none',
    });
  });
});

describe('the dates a skip or pause confirmation names', () => {
  it('a skip moves the next box one interval later; a pause of n boxes resumes n intervals later', () => {
    const dates = datesAfterBreak({ isoutcNextBillingDate: resumes, deliveryScheduleDuration: 45 });
    expect(dates.next).toBe(resumes);
    expect(dates.afterSkip).toBe('2027-06-14T15:00:00.000Z');
    expect(dates.afterPause(2)).toBe('2027-07-29T15:00:00.000Z');
    expect(
      datesAfterBreak({ isoutcNextBillingDate: null, deliveryScheduleDuration: 30 }).afterSkip,
    ).toBeNull();
  });
});
