import {
  LACTOSE_RESTRICTION_ID,
  QUIZ_FLAVOR_COUNT,
  SERVER_ERROR_MESSAGE,
  VEGAN_DIET_ID,
} from '@store/contracts';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { loadAuthInfo, useAuth } from '@/lib/auth.ts';
import { startSession } from '@/lib/session.ts';
import { saveQuiz } from '../api/save-quiz.ts';
import type { ListField, QuizDraft } from '../utils/quiz-draft.ts';
import { toQuizInput } from '../utils/quiz-draft.ts';
import {
  DISLIKED_BRANDS_STEP,
  FLAVOR_STEP,
  lastStep,
  nextTarget,
  parseStep,
  previousStep,
  progressForStep,
  type QuizMode,
  REGISTRATION_STEP,
  USED_PROTEIN_STEP,
} from '../utils/quiz-navigation.ts';
import { QUIZ_STEP_SPECS, type StepList } from '../utils/quiz-steps.ts';
import { toggleOption, wasChosen } from '../utils/selection.ts';
import {
  canGoNext,
  type RegistrationErrors,
  type RegistrationForm,
  type SignedInAccount,
  validateRegistration,
  whyNotNext,
} from '../utils/step-rules.ts';
import { ListQuestion, PrefetchList } from './list-question.tsx';
import { QuizNotice, type QuizNoticeKind } from './quiz-notice.tsx';
import { QuizProgress } from './quiz-progress.tsx';
import { type RegistrationProblem, RegistrationStep } from './registration-step.tsx';
import { useQuizDraft } from './use-quiz-draft.ts';
import { UsedProteinStep } from './used-protein-step.tsx';
import './quiz.css';

const USED_PROTEIN_TITLE = 'Have you tried protein powder before?';
const REGISTRATION_TITLE = 'Almost Done...';

function titleOf(step: number): string {
  if (step === USED_PROTEIN_STEP) return USED_PROTEIN_TITLE;
  if (step === REGISTRATION_STEP) return REGISTRATION_TITLE;
  return QUIZ_STEP_SPECS[step]?.title ?? 'Quiz';
}

/** The selected ids of a list answer (the single-choice frequency is a list of at most one). */
function selectedOf(draft: QuizDraft, field: StepList['field']): number[] {
  if (field === 'exerciseFrequency') return draft.exerciseFrequency === null ? [] : [draft.exerciseFrequency];
  return draft[field];
}

/** /take-quiz/:step and /take-quiz/:step/:quizId (docs/product.md#quiz-and-first-box, docs/product.md#states-and-flows, docs/product.md#rules). */
export function QuizPage() {
  const params = useParams();
  const editedQuizId = params.quizId;
  const mode: QuizMode = editedQuizId ? 'edit' : 'new';
  const step = parseStep(params.step, mode);
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get('referralCode');

  /** A quiz URL that keeps the referral code in the query string (docs/product.md#states-and-flows). */
  const stepUrl = (target: number) => {
    const url = paths.quiz(target, editedQuizId);
    return referralCode ? `${url}?referralCode=${encodeURIComponent(referralCode)}` : url;
  };

  if (step === null) return <Navigate to={stepUrl(1)} replace />;
  return (
    <QuizStepView
      key={editedQuizId ?? 'new'}
      step={step}
      mode={mode}
      editedQuizId={editedQuizId}
      referralCode={referralCode}
      stepUrl={stepUrl}
    />
  );
}

interface QuizStepViewProps {
  step: number;
  mode: QuizMode;
  editedQuizId: string | undefined;
  referralCode: string | null;
  stepUrl: (step: number) => string;
}

function QuizStepView({ step, mode, editedQuizId, referralCode, stepUrl }: QuizStepViewProps) {
  const navigate = useNavigate();
  const { draft, update, discard, isLoading, error, reload } = useQuizDraft(editedQuizId);
  const auth = useAuth();
  // Signed in already: step 12 joins the quiz to that account and asks only a missing age.
  const identity = auth.status === 'signed-in' ? auth.info?.identity : undefined;
  const account: SignedInAccount | undefined = identity
    ? { emailAddress: identity.emailAddress, needsAge: identity.age === null }
    : undefined;
  const [passwords, setPasswords] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [problem, setProblem] = useState<RegistrationProblem | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [notice, setNotice] = useState<QuizNoticeKind | null>(null);
  const [capMessage, setCapMessage] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const title = titleOf(step);
  const spec = QUIZ_STEP_SPECS[step];

  // Entering registration resets the age to "no selection" (docs/product.md#states-and-flows).
  useEffect(() => {
    if (step === REGISTRATION_STEP) update((d) => ({ ...d, profileInfo: { ...d.profileInfo, age: 0 } }));
  }, [step, update]);

  // A new step moves focus to its question, so screen readers hear where they are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose each time the step changes
  useEffect(() => {
    setCapMessage('');
    setProblem(null);
    headingRef.current?.focus();
  }, [step]);

  const closeNotice = useCallback(() => setNotice(null), []);

  if (!draft) {
    return (
      <QuizShell step={step}>
        <PageTitle title="Your preferences" />
        {isLoading || !error ? (
          <p className="quiz-options__status" role="status">
            <span className="quiz-spinner" aria-hidden="true" />
            Loading your answers...
          </p>
        ) : (
          <div className="quiz-options__status quiz-options__status--error" role="alert">
            We could not load your quiz.{' '}
            {error instanceof ApiError && error.status === 401 ? (
              <Link to={paths.login()}>Log in to change your preferences.</Link>
            ) : (
              <button type="button" className="quiz-link-button" onClick={reload}>
                Try again
              </button>
            )}
          </div>
        )}
      </QuizShell>
    );
  }

  const form: RegistrationForm = {
    emailAddress: draft.profileInfo.emailAddress,
    age: draft.profileInfo.age,
    phoneNumber: draft.profileInfo.phoneNumber,
    ...passwords,
  };

  function toggle(list: StepList, id: number) {
    if (list.field === 'exerciseFrequency') {
      update((d) => ({ ...d, exerciseFrequency: id }));
      return;
    }
    const field: ListField = list.field;
    const current = draft![field];
    const next = toggleOption(current, id, list.max);
    if (next === current) {
      setCapMessage(`You can choose ${list.max} at most. Uncheck one to choose another.`);
      return;
    }
    setCapMessage('');
    let shows: QuizNoticeKind | null = null;
    if (
      field === 'dietaryRestrictions' &&
      wasChosen(current, next, LACTOSE_RESTRICTION_ID) &&
      !draft!.noticesShown.lactose
    ) {
      shows = 'lactose';
    }
    if (
      field === 'dietaryPreferences' &&
      wasChosen(current, next, VEGAN_DIET_ID) &&
      !draft!.noticesShown.vegan
    ) {
      shows = 'vegan';
    }
    update((d) => ({
      ...d,
      [field]: next,
      // A brand liked now cannot also be disliked.
      ...(field === 'brandUsages'
        ? { dislikedBrands: d.dislikedBrands.filter((b) => !next.includes(b)) }
        : {}),
      ...(shows ? { noticesShown: { ...d.noticesShown, [shows]: true } } : {}),
    }));
    if (shows) setNotice(shows);
  }

  function changeRegistration(change: Partial<RegistrationForm>) {
    const { password, confirmPassword, ...profile } = change;
    if (password !== undefined || confirmPassword !== undefined) {
      setPasswords((p) => ({
        password: password ?? p.password,
        confirmPassword: confirmPassword ?? p.confirmPassword,
      }));
    }
    if (Object.keys(profile).length > 0)
      update((d) => ({ ...d, profileInfo: { ...d.profileInfo, ...profile } }));
    const touched = Object.keys(change) as (keyof RegistrationForm)[];
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => !touched.includes(k as keyof RegistrationForm))),
    );
  }

  async function goNext(event: FormEvent) {
    event.preventDefault();
    if (isSaving || !draft || !canGoNext(step, draft, form, account)) return;
    const isRegistration = step === REGISTRATION_STEP && mode === 'new';
    if (isRegistration) {
      const found = validateRegistration(form, account);
      setErrors(found);
      if (Object.keys(found).length > 0) {
        document.getElementById(`quiz-${Object.keys(found)[0]}`)?.focus();
        return;
      }
    }
    setIsSaving(true);
    setProblem(null);
    try {
      const save = (answers: QuizDraft) =>
        saveQuiz(toQuizInput(answers, isRegistration && !account ? passwords : undefined), {
          registration: isRegistration,
          referralCode,
          quiet: true,
        });
      const answer = await save(draft).catch((error: unknown) => {
        // A new quiz whose anonymous cookie is gone (another browser, cleared cookies) starts afresh.
        if (mode === 'new' && draft.id && error instanceof ApiError && error.status === 404) {
          return save({ ...draft, id: null });
        }
        throw error;
      });
      const target = nextTarget(step, mode, draft.usedProteinBefore);
      if (target.kind !== 'step') {
        // The quiz is finished: its draft is forgotten (and not written again by a later update).
        discard();
        if (answer.authenticationResult) startSession(answer.authenticationResult);
        // A new account, or one that now owns this quiz (and perhaps an age): read it again.
        if (answer.authenticationResult || account) void loadAuthInfo();
        navigate(target.kind === 'results' ? paths.result(answer.id) : paths.profile());
        return;
      }
      update((d) => ({
        ...d,
        id: answer.id,
        profileInfo: {
          emailAddress: answer.profileInfo.emailAddress ?? d.profileInfo.emailAddress,
          age: answer.profileInfo.age ?? d.profileInfo.age,
          phoneNumber: answer.profileInfo.phoneNumber ?? d.profileInfo.phoneNumber,
        },
      }));
      navigate(stepUrl(target.step));
    } catch (e) {
      setProblem(saveProblem(e));
    } finally {
      setIsSaving(false);
    }
  }

  const back = previousStep(step, draft.usedProteinBefore);
  const isLast = step === lastStep(mode);
  const enabled = canGoNext(step, draft, form, account) && !isSaving;
  const nextBlocker = isSaving ? null : whyNotNext(step, draft, form, account);
  const nextSpec = QUIZ_STEP_SPECS[step + 1];

  return (
    <QuizShell step={step}>
      <PageTitle title={`Quiz, step ${step} of ${lastStep(mode)}`} />
      <form className="quiz-card" onSubmit={goNext} noValidate aria-labelledby="quiz-title">
        <p className="quiz-card__step">
          Step {step} of {lastStep(mode)}
        </p>
        <h1 id="quiz-title" className="quiz-card__title" tabIndex={-1} ref={headingRef}>
          {title}
        </h1>
        {spec?.hint ? <p className="quiz-card__hint">{spec.hint}</p> : null}

        {spec
          ? spec.lists.map((list) => (
              <ListQuestion
                key={list.field}
                spec={list}
                title={title}
                selected={selectedOf(draft, list.field)}
                onToggle={(id) => toggle(list, id)}
                flagged={
                  step === DISLIKED_BRANDS_STEP ? { ids: draft.brandUsages, label: 'Liked' } : undefined
                }
              />
            ))
          : null}
        {step === USED_PROTEIN_STEP ? (
          <UsedProteinStep
            legend={title}
            value={draft.usedProteinBefore}
            onChange={(value) =>
              // Someone who has never used protein has no mixing habit or liked brand to keep.
              update((d) => ({
                ...d,
                usedProteinBefore: value,
                ...(value ? {} : { proteinMixes: [], brandUsages: [] }),
              }))
            }
          />
        ) : null}
        {step === REGISTRATION_STEP ? (
          auth.status === 'loading' ? (
            <p className="quiz-options__status" role="status">
              <span className="quiz-spinner" aria-hidden="true" />
              Checking your account...
            </p>
          ) : (
            <RegistrationStep
              form={form}
              errors={errors}
              problem={problem}
              onChange={changeRegistration}
              account={mode === 'new' ? account : undefined}
            />
          )
        ) : null}

        <p className="quiz-card__live" aria-live="polite">
          {capMessage}
          {step === FLAVOR_STEP && !capMessage
            ? `${draft.flavors.length} of ${QUIZ_FLAVOR_COUNT} chosen`
            : null}
        </p>

        {problem && step !== REGISTRATION_STEP ? (
          <p className="quiz-card__problem" role="alert">
            {problem.message}
            {problem.suggestLogin ? (
              <>
                {' '}
                <Link to={paths.login()}>Log in</Link>
              </>
            ) : null}
          </p>
        ) : null}

        {notice ? <QuizNotice kind={notice} onClose={closeNotice} /> : null}

        <div className="quiz-card__actions">
          {back !== null ? (
            <Link className="quiz-button quiz-button--secondary" to={stepUrl(back)}>
              Back
            </Link>
          ) : (
            <span />
          )}
          <button
            className="quiz-button quiz-button--primary"
            type="submit"
            disabled={!enabled}
            aria-busy={isSaving}
            aria-describedby={nextBlocker ? 'quiz-next-why' : undefined}
          >
            {isSaving ? 'Saving...' : isLast && mode === 'edit' ? 'Done' : 'Next'}
          </button>
        </div>
        {nextBlocker ? (
          <p id="quiz-next-why" className="quiz-card__why">
            {nextBlocker}
          </p>
        ) : null}
      </form>
      {nextSpec?.lists.map((list) => (
        <PrefetchList key={list.field} spec={list} />
      ))}
    </QuizShell>
  );
}

/** What went wrong with a save, in words the visitor can act on; they stay on the step. */
function saveProblem(error: unknown): RegistrationProblem {
  if (!(error instanceof ApiError)) {
    return {
      message: 'We could not reach the store. Check your connection and try again.',
      suggestLogin: false,
    };
  }
  if (error.status === 400) return { message: error.message, suggestLogin: error.code === 'email_taken' };
  if (error.status === 429) {
    return { message: 'Too many attempts. Please wait a minute and try again.', suggestLogin: false };
  }
  if (error.status === 401 || error.status === 403 || error.status === 404) {
    return { message: 'This quiz belongs to another account. Please log in again.', suggestLogin: true };
  }
  return { message: SERVER_ERROR_MESSAGE, suggestLogin: false };
}

function QuizShell({ step, children }: { step: number; children: React.ReactNode }) {
  return (
    <div className="quiz-page">
      <QuizProgress progress={progressForStep(step)} />
      <main className="quiz-main">{children}</main>
    </div>
  );
}
