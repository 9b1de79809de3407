import { QUIZ_FLAVOR_COUNT, type TypeListName } from '@store/contracts';
import type { ListField } from './quiz-draft.ts';

/** One reference list shown on a step and the answer it fills. */
export interface StepList {
  list: TypeListName;
  field: ListField | 'exerciseFrequency';
  /** A second list on the same step carries its own heading. */
  heading?: string;
  /** Single choice (radio) or several (checkboxes). */
  kind: 'single' | 'multi';
  /** Most options that can be chosen. */
  max?: number;
  /** Brand tiles show their logo. */
  withImages?: boolean;
  /**
   * While loading, keep the height of the list as the store ships it (10 exercise types): step 1
   * is prerendered, and its options arriving after hydration must not push Next down
   * (docs/decisions/014-prerendered-public-pages.md#limits).
   */
  reservesHeight?: boolean;
}

export interface StepSpec {
  title: string;
  /** The line under the title. */
  hint?: string;
  lists: StepList[];
}

export const MULTI_HINT = 'Select All That Apply';

/** The question steps (docs/product.md#quiz-and-first-box). Step 8 (Yes/No) and step 12 (registration) have their own forms. */
export const QUIZ_STEP_SPECS: Record<number, StepSpec> = {
  1: {
    title: 'What kind of exercise do you do?',
    hint: MULTI_HINT,
    lists: [{ list: 'ExerciseTypes', field: 'exerciseTypes', kind: 'multi', reservesHeight: true }],
  },
  2: {
    title: 'How often do you exercise?',
    hint: 'Select one',
    lists: [{ list: 'ExerciseFrequencies', field: 'exerciseFrequency', kind: 'single' }],
  },
  3: {
    title: 'What are your fitness goals?',
    hint: MULTI_HINT,
    lists: [
      { list: 'FitnessGoals', field: 'fitnessGoals', kind: 'multi', heading: 'Fitness goals' },
      {
        list: 'LifestylePerformanceGoals',
        field: 'lifestylePerformanceGoals',
        kind: 'multi',
        heading: 'Lifestyle & performance goals',
      },
    ],
  },
  4: {
    title: 'Do you follow a diet?',
    hint: MULTI_HINT,
    lists: [{ list: 'DietaryPreferences', field: 'dietaryPreferences', kind: 'multi' }],
  },
  5: {
    title: 'Any diet restrictions or allergies?',
    hint: MULTI_HINT,
    lists: [{ list: 'Restrictions', field: 'dietaryRestrictions', kind: 'multi' }],
  },
  6: {
    title: 'Which flavors do you love?',
    hint: `Choose exactly ${QUIZ_FLAVOR_COUNT}`,
    lists: [{ list: 'Flavors', field: 'flavors', kind: 'multi', max: QUIZ_FLAVOR_COUNT }],
  },
  7: {
    title: 'Any textures you dislike?',
    hint: MULTI_HINT,
    lists: [{ list: 'Textures', field: 'textures', kind: 'multi' }],
  },
  9: {
    title: 'How do you mix your protein?',
    hint: MULTI_HINT,
    lists: [{ list: 'ProteinMixes', field: 'proteinMixes', kind: 'multi' }],
  },
  10: {
    title: 'Which of these brands have you used and enjoyed the most?',
    hint: MULTI_HINT,
    lists: [{ list: 'ProteinBrands', field: 'brandUsages', kind: 'multi', withImages: true }],
  },
  11: {
    title: "Any brands you've disliked?",
    hint: MULTI_HINT,
    lists: [{ list: 'ProteinBrands', field: 'dislikedBrands', kind: 'multi', withImages: true }],
  },
};

/** The lists a step needs, so the next step's lists can be fetched ahead. */
export function listsOfStep(step: number): TypeListName[] {
  return QUIZ_STEP_SPECS[step]?.lists.map((l) => l.list) ?? [];
}
