import { MAX_AGE, MIN_AGE, QUIZ_FLAVOR_COUNT } from '@store/contracts';
import type { QuizDraft } from './quiz-draft.ts';
import { FLAVOR_STEP, REGISTRATION_STEP, USED_PROTEIN_STEP } from './quiz-navigation.ts';
import type * as Rules from './registration-rules.ts';
import { hasEnoughFlavors } from './selection.ts';

/** The registration step's form; the passwords never leave it except in the TakeQuiz body. */
export interface RegistrationForm {
  emailAddress: string;
  password: string;
  confirmPassword: string;
  /** 0 means no age chosen yet (the step resets it to 0, docs/product.md#states-and-flows). */
  age: number;
  phoneNumber: string;
  /** "Email me news and offers": unticked until the person ticks it (marketing mail is opt-in). */
  isEmailSubscribed: boolean;
}

/** The ages the step offers: 13 (docs/product.md#age, the privacy policy bars younger) to 100. */
export const AGE_OPTIONS: readonly number[] = Array.from(
  { length: MAX_AGE - MIN_AGE + 1 },
  (_, i) => MIN_AGE + i,
);

/** A U.S. number, 10 digits, optionally written with +1, parentheses, dashes, dots or spaces. */
const PHONE_PATTERN = /^(\+?1[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;

/**
 * Whether Next is enabled (docs/product.md#rules): step 1 needs at least one exercise, step 6
 * exactly 4 flavors, step 12 the required fields. The two single-choice questions (2 and 8) need
 * an answer, since the jump after 8 depends on it.
 */
/** Someone already signed in at step 12: only a missing age is asked (docs/product.md#returning-visitors). */
export interface SignedInAccount {
  emailAddress: string;
  needsAge: boolean;
}

export function canGoNext(
  step: number,
  draft: QuizDraft,
  form: RegistrationForm,
  account?: SignedInAccount,
): boolean {
  switch (step) {
    case 1:
      // The first question sets the tone: it needs an answer like step 2 ("Something else" is one).
      return draft.exerciseTypes.length > 0;
    case 2:
      return draft.exerciseFrequency !== null;
    case FLAVOR_STEP:
      return hasEnoughFlavors(draft.flavors);
    case USED_PROTEIN_STEP:
      return draft.usedProteinBefore !== null;
    case REGISTRATION_STEP:
      if (account) return !account.needsAge || form.age > 0;
      return (
        form.emailAddress.trim() !== '' && form.password !== '' && form.confirmPassword !== '' && form.age > 0
      );
    default:
      return true;
  }
}

/**
 * Why Next is disabled, in words a visitor (and a screen reader, through aria-describedby) can act
 * on; null while Next is enabled.
 */
export function whyNotNext(
  step: number,
  draft: QuizDraft,
  form: RegistrationForm,
  account?: SignedInAccount,
): string | null {
  if (canGoNext(step, draft, form, account)) return null;
  switch (step) {
    case 1:
      return 'Choose at least one answer to continue.';
    case FLAVOR_STEP: {
      const left = QUIZ_FLAVOR_COUNT - draft.flavors.length;
      return left > 0
        ? `Choose ${left} more ${left === 1 ? 'flavor' : 'flavors'} to continue.`
        : `Choose exactly ${QUIZ_FLAVOR_COUNT} flavors to continue.`;
    }
    case REGISTRATION_STEP:
      if (account) return 'Choose your age to continue.';
      return 'Fill in your email, password, password confirmation and age to continue.';
    default:
      return 'Choose an answer to continue.';
  }
}

export type RegistrationErrors = Partial<Record<keyof RegistrationForm, string>>;

/** The server's email and password schemas (`registration-rules.ts`, fetched after the quiz hydrates). */
export type RegistrationRules = Pick<typeof Rules, 'EmailSchema' | 'NewPasswordSchema'>;

/**
 * The registration rules the server applies too, checked before sending (messages as the server's).
 * Without `rules` (they could not be fetched) the email and password are left to the server's check.
 */
export function validateRegistration(
  form: RegistrationForm,
  account: SignedInAccount | undefined,
  rules: RegistrationRules | undefined,
): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (account) {
    if (account.needsAge && (form.age < MIN_AGE || form.age > MAX_AGE)) {
      errors.age = `You must be ${MIN_AGE} or older to join.`;
    }
    return errors;
  }
  const email = rules?.EmailSchema.safeParse(form.emailAddress);
  if (email && !email.success)
    errors.emailAddress = email.error.issues[0]?.message ?? 'Please enter a valid email.';
  const password = rules?.NewPasswordSchema.safeParse(form.password);
  if (password && !password.success)
    errors.password = password.error.issues[0]?.message ?? 'Password is required.';
  if (form.confirmPassword !== form.password) errors.confirmPassword = 'Passwords do not match.';
  if (form.age < MIN_AGE || form.age > MAX_AGE) errors.age = `You must be ${MIN_AGE} or older to join.`;
  if (form.phoneNumber.trim() !== '' && !PHONE_PATTERN.test(form.phoneNumber.trim())) {
    errors.phoneNumber = 'Please enter a valid phone number.';
  }
  return errors;
}
