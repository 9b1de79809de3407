import type { Quiz, QuizInput } from '@store/contracts';

/**
 * The answers being given, kept in session storage so a reload mid-quiz loses nothing.
 * Passwords are never part of it (docs/reliability.md#r10): they live only in the registration form.
 */
export interface QuizDraft {
  id: string | null;
  exerciseTypes: number[];
  exerciseFrequency: number | null;
  fitnessGoals: number[];
  lifestylePerformanceGoals: number[];
  dietaryPreferences: number[];
  dietaryRestrictions: number[];
  flavors: number[];
  textures: number[];
  usedProteinBefore: boolean | null;
  proteinMixes: number[];
  brandUsages: number[];
  dislikedBrands: number[];
  profileInfo: { emailAddress: string; age: number; phoneNumber: string };
  /** Each quiz warning is shown once (docs/product.md#states-and-flows). */
  noticesShown: { lactose: boolean; vegan: boolean };
}

const LIST_FIELDS = [
  'exerciseTypes',
  'fitnessGoals',
  'lifestylePerformanceGoals',
  'dietaryPreferences',
  'dietaryRestrictions',
  'flavors',
  'textures',
  'proteinMixes',
  'brandUsages',
  'dislikedBrands',
] as const satisfies readonly ListField[];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isIds = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => Number.isInteger(n));
const isIntOrNull = (v: unknown): v is number | null => v === null || Number.isInteger(v);

/**
 * The draft in `value` with exactly the draft's fields, or null when any is missing or of the
 * wrong kind. Checked by hand rather than with zod: the quiz's first step reads its draft before
 * anything else and loads no zod (docs/performance.md#initial-javascript). Fields that are not the
 * draft's (a password, say) are left out, so they can never be stored.
 */
export function asDraft(value: unknown): QuizDraft | null {
  if (!isObject(value)) return null;
  const { id, exerciseFrequency, usedProteinBefore, profileInfo: p, noticesShown: n } = value;
  if (!(id === null || typeof id === 'string') || !isIntOrNull(exerciseFrequency)) return null;
  if (!(usedProteinBefore === null || typeof usedProteinBefore === 'boolean')) return null;
  if (!isObject(p) || typeof p.emailAddress !== 'string' || typeof p.phoneNumber !== 'string') return null;
  if (!Number.isInteger(p.age)) return null;
  if (!isObject(n) || typeof n.lactose !== 'boolean' || typeof n.vegan !== 'boolean') return null;
  const lists = {} as Record<ListField, number[]>;
  for (const field of LIST_FIELDS) {
    const ids = value[field];
    if (!isIds(ids)) return null;
    lists[field] = [...ids];
  }
  return {
    id,
    exerciseFrequency,
    usedProteinBefore,
    ...lists,
    profileInfo: { emailAddress: p.emailAddress, age: p.age as number, phoneNumber: p.phoneNumber },
    noticesShown: { lactose: n.lactose, vegan: n.vegan },
  };
}

/** The list answers, by the quiz field they fill. */
export type ListField = {
  [K in keyof QuizDraft]: QuizDraft[K] extends number[] ? K : never;
}[keyof QuizDraft];

export function emptyDraft(): QuizDraft {
  return {
    id: null,
    exerciseTypes: [],
    exerciseFrequency: null,
    fitnessGoals: [],
    lifestylePerformanceGoals: [],
    dietaryPreferences: [],
    dietaryRestrictions: [],
    flavors: [],
    textures: [],
    usedProteinBefore: null,
    proteinMixes: [],
    brandUsages: [],
    dislikedBrands: [],
    profileInfo: { emailAddress: '', age: 0, phoneNumber: '' },
    noticesShown: { lactose: false, vegan: false },
  };
}

/** A stored quiz (GET /theQuiz/GetItem) as a draft to edit. */
export function draftFromQuiz(quiz: Quiz): QuizDraft {
  return {
    ...emptyDraft(),
    id: quiz.id,
    exerciseTypes: quiz.exerciseTypes,
    exerciseFrequency: quiz.exerciseFrequency,
    fitnessGoals: quiz.fitnessGoals,
    lifestylePerformanceGoals: quiz.lifestylePerformanceGoals,
    dietaryPreferences: quiz.dietaryPreferences,
    dietaryRestrictions: quiz.dietaryRestrictions,
    flavors: quiz.flavors,
    textures: quiz.textures,
    usedProteinBefore: quiz.usedProteinBefore,
    proteinMixes: quiz.proteinMixes,
    brandUsages: quiz.brandUsages,
    dislikedBrands: quiz.dislikedBrands,
    profileInfo: {
      emailAddress: quiz.profileInfo.emailAddress ?? '',
      age: quiz.profileInfo.age ?? 0,
      phoneNumber: quiz.profileInfo.phoneNumber ?? '',
    },
    // An existing quiz has been through its warnings already.
    noticesShown: { lactose: true, vegan: true },
  };
}

/** The TakeQuiz body for a draft; the passwords only on the registration step. */
export function toQuizInput(
  draft: QuizDraft,
  /** Registration only: the passwords and the news-and-offers choice, never kept in the draft. */
  passwords?: { password: string; confirmPassword: string; isEmailSubscribed?: boolean },
): QuizInput {
  const { noticesShown: _shown, profileInfo, ...answers } = draft;
  return {
    ...answers,
    profileInfo: {
      emailAddress: profileInfo.emailAddress.trim() || null,
      age: profileInfo.age > 0 ? profileInfo.age : null,
      phoneNumber: profileInfo.phoneNumber.trim() || null,
    },
    ...(passwords ?? {}),
  };
}

/** Session-storage key of a draft: one for a new quiz, one per edited quiz. */
export function draftKey(editedQuizId?: string): string {
  return editedQuizId ? `quizDraft:${editedQuizId}` : 'quizDraft';
}

/** Reads a draft; anything unreadable counts as no draft. */
export function readDraft(storage: Pick<Storage, 'getItem'>, key: string): QuizDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    return asDraft(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeDraft(storage: Pick<Storage, 'setItem'>, key: string, draft: QuizDraft) {
  // Only the draft's own fields are written; a draft that is not one is not written at all.
  const stored = asDraft(draft);
  if (!stored) return;
  try {
    storage.setItem(key, JSON.stringify(stored));
  } catch {
    // storage full or blocked: the quiz still works, it just does not survive a reload
  }
}
