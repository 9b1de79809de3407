import { QUIZ_STEPS } from '@store/contracts';

/**
 * The quiz's step rules (docs/product.md#states-and-flows, quiz flow): where Next and Back lead and how full the
 * progress bar is. Kept free of React so every branch is tested without a browser.
 */

/** A new quiz ends with registration (step 12); editing an existing quiz ends at step 11. */
export type QuizMode = 'new' | 'edit';

/** Progress bar percentages of steps 1-12 (docs/product.md#states-and-flows). */
export const QUIZ_PROGRESS = [7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 78, 88] as const;
/** The results page continues the same bar. */
export const RESULTS_PROGRESS = 95;

/** The flavor step, the "tried protein before" step and the registration step. */
export const FLAVOR_STEP = 6;
export const USED_PROTEIN_STEP = 8;
export const DISLIKED_BRANDS_STEP = 11;
export const REGISTRATION_STEP = QUIZ_STEPS;

export function lastStep(mode: QuizMode): number {
  return mode === 'edit' ? DISLIKED_BRANDS_STEP : REGISTRATION_STEP;
}

/** The step a URL segment names, or null when it is not a step of this mode. */
export function parseStep(raw: string | undefined, mode: QuizMode): number | null {
  if (!raw || !/^\d{1,2}$/.test(raw)) return null;
  const step = Number(raw);
  return step >= 1 && step <= lastStep(mode) ? step : null;
}

/** Where Next leads once the answers are saved. */
export type NextTarget = { kind: 'step'; step: number } | { kind: 'profile' } | { kind: 'results' };

export function nextTarget(step: number, mode: QuizMode, usedProteinBefore: boolean | null): NextTarget {
  if (mode === 'edit' && step === DISLIKED_BRANDS_STEP) return { kind: 'profile' };
  if (step === REGISTRATION_STEP) return { kind: 'results' };
  if (step === FLAVOR_STEP) return { kind: 'step', step: USED_PROTEIN_STEP };
  if (step === USED_PROTEIN_STEP && usedProteinBefore === false)
    return { kind: 'step', step: DISLIKED_BRANDS_STEP };
  return { kind: 'step', step: step + 1 };
}

/** Where Back leads; null on step 1, which has no Back. */
export function previousStep(step: number, usedProteinBefore: boolean | null): number | null {
  if (step <= 1) return null;
  if (step === USED_PROTEIN_STEP) return FLAVOR_STEP;
  if (step === REGISTRATION_STEP && usedProteinBefore === false) return USED_PROTEIN_STEP;
  return step - 1;
}

/** The progress bar's percentage on a quiz step. */
export function progressForStep(step: number): number {
  const index = Math.min(Math.max(Math.trunc(step), 1), QUIZ_PROGRESS.length) - 1;
  return QUIZ_PROGRESS[index]!;
}
