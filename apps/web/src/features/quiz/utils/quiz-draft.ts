import type { Quiz, QuizInput } from '@store/contracts';
import { z } from 'zod';

/**
 * The answers being given, kept in session storage so a reload mid-quiz loses nothing.
 * Passwords are never part of it (docs/reliability.md#r10): they live only in the registration form.
 */
const DraftSchema = z.object({
  id: z.string().nullable(),
  exerciseTypes: z.array(z.number().int()),
  exerciseFrequency: z.number().int().nullable(),
  fitnessGoals: z.array(z.number().int()),
  lifestylePerformanceGoals: z.array(z.number().int()),
  dietaryPreferences: z.array(z.number().int()),
  dietaryRestrictions: z.array(z.number().int()),
  flavors: z.array(z.number().int()),
  textures: z.array(z.number().int()),
  usedProteinBefore: z.boolean().nullable(),
  proteinMixes: z.array(z.number().int()),
  brandUsages: z.array(z.number().int()),
  dislikedBrands: z.array(z.number().int()),
  profileInfo: z.object({ emailAddress: z.string(), age: z.number().int(), phoneNumber: z.string() }),
  /** Each quiz warning is shown once (docs/product.md#states-and-flows). */
  noticesShown: z.object({ lactose: z.boolean(), vegan: z.boolean() }),
});
export type QuizDraft = z.infer<typeof DraftSchema>;

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
    const parsed = DraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDraft(storage: Pick<Storage, 'setItem'>, key: string, draft: QuizDraft) {
  try {
    storage.setItem(key, JSON.stringify(DraftSchema.parse(draft)));
  } catch {
    // storage full or blocked: the quiz still works, it just does not survive a reload
  }
}
