import { describe, expect, it } from 'vitest';
import {
  lastStep,
  nextTarget,
  parseStep,
  previousStep,
  progressForStep,
  RESULTS_PROGRESS,
} from './quiz-navigation.ts';

describe('nextTarget', () => {
  it('jumps from the flavor step (6) straight to the protein-before step (8)', () => {
    expect(nextTarget(6, 'new', null)).toEqual({ kind: 'step', step: 8 });
  });

  it('skips the mixing and brand steps when the visitor has never used protein', () => {
    expect(nextTarget(8, 'new', false)).toEqual({ kind: 'step', step: 11 });
  });

  it('goes on to step 9 when the visitor has used protein or has not said', () => {
    expect(nextTarget(8, 'new', true)).toEqual({ kind: 'step', step: 9 });
    expect(nextTarget(8, 'new', null)).toEqual({ kind: 'step', step: 9 });
  });

  it('advances one step everywhere else', () => {
    for (const step of [1, 2, 3, 4, 5, 7, 9, 10, 11]) {
      expect(nextTarget(step, 'new', true)).toEqual({ kind: 'step', step: step + 1 });
    }
  });

  it('sends a new quiz from registration (12) to its results', () => {
    expect(nextTarget(12, 'new', false)).toEqual({ kind: 'results' });
  });

  it('sends an edited quiz from step 11 back to the profile', () => {
    expect(nextTarget(11, 'edit', true)).toEqual({ kind: 'profile' });
    expect(nextTarget(10, 'edit', true)).toEqual({ kind: 'step', step: 11 });
  });
});

describe('previousStep', () => {
  it('has no Back on step 1', () => {
    expect(previousStep(1, null)).toBeNull();
  });

  it('goes from step 8 back to the flavor step', () => {
    expect(previousStep(8, true)).toBe(6);
    expect(previousStep(8, false)).toBe(6);
  });

  it('goes from registration back to step 8 when protein was never used', () => {
    expect(previousStep(12, false)).toBe(8);
    expect(previousStep(12, true)).toBe(11);
    expect(previousStep(12, null)).toBe(11);
  });

  it('goes back one step otherwise', () => {
    for (const step of [2, 3, 4, 5, 6, 7, 9, 10, 11]) expect(previousStep(step, false)).toBe(step - 1);
  });
});

describe('progressForStep', () => {
  it('follows the spec percentages for steps 1-12', () => {
    const expected = [7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 78, 88];
    expect(expected.map((_, i) => progressForStep(i + 1))).toEqual(expected);
    expect(RESULTS_PROGRESS).toBe(95);
  });

  it('clamps steps outside the quiz to its ends', () => {
    expect(progressForStep(0)).toBe(7);
    expect(progressForStep(40)).toBe(88);
  });
});

describe('parseStep', () => {
  it('reads steps 1-12 of a new quiz', () => {
    expect(parseStep('1', 'new')).toBe(1);
    expect(parseStep('12', 'new')).toBe(12);
    expect(lastStep('new')).toBe(12);
  });

  it('has no registration step when editing', () => {
    expect(parseStep('12', 'edit')).toBeNull();
    expect(parseStep('11', 'edit')).toBe(11);
  });

  it('refuses anything that is not a step', () => {
    for (const raw of [undefined, '', '0', '13', '-1', '1.5', 'abc', '007'])
      expect(parseStep(raw, 'new')).toBeNull();
  });
});
