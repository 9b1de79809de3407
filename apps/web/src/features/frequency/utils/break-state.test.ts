import { describe, expect, it } from 'vitest';
import { breakState } from './break-state.ts';

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
