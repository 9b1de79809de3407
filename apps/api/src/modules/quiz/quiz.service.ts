import { randomUUID } from 'node:crypto';
import {
  QUIZ_STEPS,
  type Quiz,
  QuizRegistrationSchema,
  type QuizSubmitResponse,
  type TokenPair,
} from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { fieldErrorsOf } from '../../http/validation.ts';
import type { CatalogService } from '../catalog/index.ts';
import * as repo from './quiz.repository.ts';
import type { NewQuiz, QuizRow } from './quiz.table.ts';
import { checkAnswers, furthestAnsweredStep, type QuizInputData, toQuiz } from './quiz-answers.ts';
import { hashOwnerSecret, isOwnerSecret, newOwnerSecret } from './quiz-owner.ts';

/** Who is asking: a signed-in identity, the anonymous owner cookie, both or neither. */
export interface Caller {
  identityId?: string;
  ownerSecret?: string;
}

/** What the quiz needs from the accounts module (apps/api/src/modules/accounts). */
export interface QuizAccounts {
  registerAndSignIn(input: {
    emailAddress: string;
    password: string;
    age: number;
    phoneNumber?: string | null;
    referralCode?: string | null;
    isEmailSubscribed?: boolean;
  }): Promise<{ identityId: string; tokens: TokenPair }>;
  setQuizAndOrder(
    identityId: string,
    links: { quizId?: string | null; orderId?: string | null },
  ): Promise<void>;
  /** Someone already signed in finishes the quiz: their account's details, the age set if it was missing. */
  joinQuiz(
    identityId: string,
    age: number | null | undefined,
  ): Promise<{ emailAddress: string; age: number; phoneNumber: string | null }>;
}

/** Keeps a quiz's results and first box in step with its answers (quiz-results.service.ts). */
export interface QuizResultsRefresher {
  refreshAfterChange(quiz: QuizRow): Promise<void>;
}

export interface QuizServiceDeps {
  db: Db;
  catalog: Pick<CatalogService, 'brandIds'>;
  accounts: QuizAccounts;
  results: QuizResultsRefresher;
  clock: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUIZ_NOT_FOUND = 'That quiz';

/** "", "0" or nothing: the spec's way of saying "no quiz yet". */
export function isNewQuizId(id: string | null | undefined): boolean {
  const trimmed = id?.trim();
  return !trimmed || trimmed === '0';
}

/** Whether the caller may read or change the quiz: its account, or while anonymous its creator. */
export function canAccess(quiz: QuizRow, caller: Caller): boolean {
  if (quiz.identityId) return caller.identityId === quiz.identityId;
  return isOwnerSecret(caller.ownerSecret, quiz.ownerSecretHash);
}

/** A quiz the caller may use, or 404 (the same answer for someone else's and a missing quiz). */
export async function requireQuiz(db: Db, id: string, caller: Caller): Promise<QuizRow> {
  const quiz = UUID.test(id) ? await repo.findQuiz(db, id.toLowerCase()) : undefined;
  if (!quiz || !canAccess(quiz, caller)) throw notFound(QUIZ_NOT_FOUND);
  return quiz;
}

export interface SaveQuizResult {
  response: QuizSubmitResponse;
  /** Set when the caller needs a new quiz_owner cookie. */
  newOwnerSecret?: string;
}

export type QuizService = ReturnType<typeof createQuizService>;

export function createQuizService({ db, catalog, accounts, results, clock }: QuizServiceDeps) {
  /** Step 12: checks the registration fields, then creates and signs in the account. */
  async function register(input: QuizInputData, referralCode: string | undefined) {
    const profile = input.profileInfo ?? {};
    const parsed = QuizRegistrationSchema.safeParse({
      emailAddress: profile.emailAddress ?? '',
      password: input.password ?? '',
      confirmPassword: input.confirmPassword ?? '',
      age: profile.age ?? 0,
      phoneNumber: profile.phoneNumber ?? null,
    });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      throw badRequest(Object.values(fieldErrors)[0] ?? 'Please check your details.', fieldErrors);
    }
    const { emailAddress, password, age, phoneNumber } = parsed.data;
    const phone = phoneNumber?.trim() || null;
    const account = await accounts.registerAndSignIn({
      emailAddress,
      password,
      age,
      phoneNumber: phone,
      referralCode,
      isEmailSubscribed: input.isEmailSubscribed === true,
    });
    return { ...account, emailAddress: emailAddress.trim().toLowerCase(), age, phoneNumber: phone };
  }

  return {
    /**
     * POST /theQuiz/TakeQuiz: creates (no id, "" or "0") or updates the quiz. Everything is
     * checked before anything is written, so a 400 stores nothing; with `registration` the
     * account is created first and an email that has one stores nothing either.
     */
    async save(
      input: QuizInputData,
      options: { registration: boolean; referralCode?: string },
      caller: Caller,
    ): Promise<SaveQuizResult> {
      const answers = checkAnswers(input, await catalog.brandIds(), options);
      const existing = isNewQuizId(input.id) ? undefined : await requireQuiz(db, input.id!.trim(), caller);
      // Signed in already (docs/product.md#returning-visitors): step 12 joins the quiz to that
      // account and asks only for what it lacks (the age); nobody registers twice.
      const joining = options.registration && caller.identityId !== undefined;
      if (options.registration && !joining && existing?.identityId) {
        throw conflict('This quiz already belongs to an account. Please log in instead.');
      }
      const referralCode = options.referralCode?.trim() || existing?.referralCode || undefined;
      const account = joining
        ? {
            identityId: caller.identityId!,
            tokens: undefined,
            ...(await accounts.joinQuiz(caller.identityId!, input.profileInfo?.age)),
          }
        : options.registration
          ? await register(input, referralCode)
          : undefined;

      const profile = input.profileInfo;
      // The funnel's furthest step (docs/product.md#insights): registration is step 12; else the
      // step the web app names, or the furthest answer held; it never goes back.
      const step = options.registration ? QUIZ_STEPS : (input.step ?? furthestAnsweredStep(answers));
      const changes: Partial<NewQuiz> = {
        ...answers,
        furthestStep: Math.max(existing?.furthestStep ?? 0, step),
        updatedAt: clock(),
      };
      if (account) {
        Object.assign(changes, {
          emailAddress: account.emailAddress,
          age: account.age,
          phoneNumber: account.phoneNumber,
        });
      } else if (profile) {
        // Before step 12 only what the person typed is kept; the email is checked at registration.
        Object.assign(changes, {
          emailAddress: profile.emailAddress?.trim() || null,
          age: profile.age ?? null,
          phoneNumber: profile.phoneNumber?.trim() || null,
        });
      }
      if (options.referralCode?.trim()) changes.referralCode = options.referralCode.trim();

      // Who owns it from now on: the new account, the signed-in caller, or the cookie's holder.
      const owner = account?.identityId ?? caller.identityId;
      let issuedSecret: string | undefined;
      if (owner) {
        changes.identityId = owner;
        changes.ownerSecretHash = null;
      } else if (!existing) {
        const secret = caller.ownerSecret ?? newOwnerSecret();
        if (!caller.ownerSecret) issuedSecret = secret;
        changes.ownerSecretHash = hashOwnerSecret(secret);
      }

      const saved = existing
        ? await repo.updateQuiz(db, existing.id, changes)
        : await repo.insertQuiz(db, { ...changes, id: randomUUID(), createdAt: clock() });
      if (!saved) throw notFound(QUIZ_NOT_FOUND);
      if (existing?.orderId || existing?.matches) await results.refreshAfterChange(saved);
      if (account) await accounts.setQuizAndOrder(account.identityId, { quizId: saved.id });

      const response: QuizSubmitResponse = {
        id: saved.id,
        profileInfo: { emailAddress: saved.emailAddress, age: saved.age, phoneNumber: saved.phoneNumber },
      };
      if (account?.tokens) response.authenticationResult = account.tokens;
      return { response, newOwnerSecret: issuedSecret };
    },

    /** GET /theQuiz/GetItem: the caller's own quiz, or 404. */
    async get(id: string, caller: Caller): Promise<Quiz> {
      return toQuiz(await requireQuiz(db, id, caller));
    },
  };
}
