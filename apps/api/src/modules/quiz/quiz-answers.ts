import { QUIZ_FLAVOR_COUNT, type Quiz, type QuizInputSchema } from '@store/contracts';
import type { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import {
  DietaryPreferences,
  ExerciseFrequencies,
  ExerciseTypes,
  FitnessGoals,
  Flavors,
  LifestylePerformanceGoals,
  ProteinMixes,
  type ReferenceOption,
  Restrictions,
  Textures,
} from '../catalog/index.ts';
import type { MatchAnswers } from './matching.ts';
import type { QuizRow } from './quiz.table.ts';

/** The TakeQuiz body after its schema: list answers are option ids. */
export type QuizInputData = z.output<typeof QuizInputSchema>;

/** The answers as stored: ids checked, duplicates removed. */
export interface QuizAnswers extends MatchAnswers {
  exerciseTypes: number[];
  exerciseFrequency: number | null;
  fitnessGoals: number[];
  lifestylePerformanceGoals: number[];
  dietaryPreferences: number[];
  dietaryRestrictions: number[];
  brandUsages: number[];
  dislikedBrands: number[];
  proteinMixes: number[];
  flavors: number[];
  textures: number[];
  usedProteinBefore: boolean | null;
}

type ListField = Exclude<keyof QuizAnswers, 'exerciseFrequency' | 'usedProteinBefore'>;

const idsOf = (options: readonly ReferenceOption[]) => new Set(options.map((o) => o.id));

const FIXED_LISTS: Record<Exclude<ListField, 'brandUsages' | 'dislikedBrands'>, ReadonlySet<number>> = {
  exerciseTypes: idsOf(ExerciseTypes),
  fitnessGoals: idsOf(FitnessGoals),
  lifestylePerformanceGoals: idsOf(LifestylePerformanceGoals),
  dietaryPreferences: idsOf(DietaryPreferences),
  dietaryRestrictions: idsOf(Restrictions),
  proteinMixes: idsOf(ProteinMixes),
  flavors: idsOf(Flavors),
  textures: idsOf(Textures),
};
const FREQUENCY_IDS = idsOf(ExerciseFrequencies);

const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * Checks every option id against its reference list (400 naming the first bad field, with
 * every bad field in `fieldErrors`) and normalises the answers. A brand that is both liked and
 * disliked counts as liked: step 11 shows liked brands as taken.
 */
export function checkAnswers(
  input: QuizInputData,
  brandIds: ReadonlySet<number>,
  options: { registration: boolean },
): QuizAnswers {
  const lists: Record<ListField, number[]> = {
    exerciseTypes: unique(input.exerciseTypes),
    fitnessGoals: unique(input.fitnessGoals),
    lifestylePerformanceGoals: unique(input.lifestylePerformanceGoals),
    dietaryPreferences: unique(input.dietaryPreferences),
    dietaryRestrictions: unique(input.dietaryRestrictions),
    brandUsages: unique(input.brandUsages),
    dislikedBrands: unique(input.dislikedBrands),
    proteinMixes: unique(input.proteinMixes),
    flavors: unique(input.flavors),
    textures: unique(input.textures),
  };
  const fieldErrors: Record<string, string> = {};
  const unknown: string[] = [];
  for (const [field, ids] of Object.entries(lists) as [ListField, number[]][]) {
    const known = field === 'brandUsages' || field === 'dislikedBrands' ? brandIds : FIXED_LISTS[field];
    const bad = ids.filter((id) => !known.has(id));
    if (bad.length) {
      fieldErrors[field] = 'Please choose from the options listed.';
      unknown.push(`${field} (${bad.join(', ')})`);
    }
  }
  const frequency = input.exerciseFrequency ?? null;
  if (frequency !== null && !FREQUENCY_IDS.has(frequency)) {
    fieldErrors.exerciseFrequency = 'Please choose from the options listed.';
    unknown.push(`exerciseFrequency (${frequency})`);
  }
  if (unknown.length) throw badRequest(`Unknown option in ${unknown.join('; ')}.`, fieldErrors);
  if (options.registration && lists.flavors.length !== QUIZ_FLAVOR_COUNT) {
    const message = `Please choose ${QUIZ_FLAVOR_COUNT} flavors.`;
    throw badRequest(message, { flavors: message });
  }
  const liked = new Set(lists.brandUsages);
  return {
    ...lists,
    dislikedBrands: lists.dislikedBrands.filter((id) => !liked.has(id)),
    exerciseFrequency: frequency,
    usedProteinBefore: input.usedProteinBefore ?? null,
  };
}

/**
 * The furthest step whose answer the quiz holds (docs/product.md#insights): a quiz saved without
 * its `step` counts by this. Steps whose answer may be left empty count once a later one is held.
 */
export function furthestAnsweredStep(answers: QuizAnswers): number {
  const held: [number, boolean][] = [
    [11, answers.dislikedBrands.length > 0],
    [10, answers.brandUsages.length > 0],
    [9, answers.proteinMixes.length > 0],
    [8, answers.usedProteinBefore !== null],
    [7, answers.textures.length > 0],
    [6, answers.flavors.length > 0],
    [5, answers.dietaryRestrictions.length > 0],
    [4, answers.dietaryPreferences.length > 0],
    [3, answers.fitnessGoals.length > 0 || answers.lifestylePerformanceGoals.length > 0],
    [2, answers.exerciseFrequency !== null],
    [1, answers.exerciseTypes.length > 0],
  ];
  return held.find(([, has]) => has)?.[0] ?? 0;
}

/** The stored quiz as GET /theQuiz/GetItem answers it: never a password, never the owner secret. */
export function toQuiz(row: QuizRow): Quiz {
  return {
    id: row.id,
    exerciseTypes: row.exerciseTypes,
    exerciseFrequency: row.exerciseFrequency,
    fitnessGoals: row.fitnessGoals,
    lifestylePerformanceGoals: row.lifestylePerformanceGoals,
    dietaryPreferences: row.dietaryPreferences,
    dietaryRestrictions: row.dietaryRestrictions,
    brandUsages: row.brandUsages,
    dislikedBrands: row.dislikedBrands,
    proteinMixes: row.proteinMixes,
    flavors: row.flavors,
    textures: row.textures,
    usedProteinBefore: row.usedProteinBefore,
    profileInfo: { emailAddress: row.emailAddress, age: row.age, phoneNumber: row.phoneNumber },
    orderId: row.orderId,
    dateCreated: row.createdAt.toISOString(),
  };
}
