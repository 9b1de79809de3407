import { LACTOSE_RESTRICTION_ID, QUIZ_FLAVOR_COUNT, VEGAN_DIET_ID } from '@store/contracts';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { loadAuthInfo, useAuth } from '@/lib/auth.ts';
import { startSession } from '@/lib/session.ts';
import { useAfterHydration } from '@/lib/use-after-hydration.ts';
import { useSeo } from '@/lib/use-seo.ts';
import { saveQuiz } from '../api/save-quiz.ts';
import type { ListField, QuizDraft } from '../utils/quiz-draft.ts';
import { toQuizInput } from '../utils/quiz-draft.ts';
import {
  FLAVOR_STEP,
  lastStep,
  nextTarget,
  parseStep,
  previousStep,
  type QuizMode,
  REGISTRATION_STEP,
  USED_PROTEIN_STEP,
} from '../utils/quiz-navigation.ts';
import { QUIZ_STEP_SPECS, type StepList } from '../utils/quiz-steps.ts';
import { saveProblem } from '../utils/save-problem.ts';
import { toggleOption, wasChosen } from '../utils/selection.ts';
import {
  canGoNext,
  type RegistrationErrors,
  type RegistrationForm,
  type RegistrationRules,
  type SignedInAccount,
  validateRegistration,
  whyNotNext,
} from '../utils/step-rules.ts';
import { PrefetchList } from './list-question.tsx';
import { QuizActions, SaveProblem } from './quiz-actions.tsx';
import { QuizAnswers } from './quiz-answers.tsx';
import { QuizNotice, type QuizNoticeKind } from './quiz-notice.tsx';
import { QuizLoadState, QuizShell } from './quiz-shell.tsx';
import { type RegistrationProblem, RegistrationStep } from './registration-step.tsx';
import { useQuizDraft } from './use-quiz-draft.ts';
import './quiz.css';

const USED_PROTEIN_TITLE = 'Have you tried protein powder before?';
const REGISTRATION_TITLE = 'Almost Done...';
const QUIZ_DESCRIPTION =
  'Answer 12 quick questions about how you train, your diet, allergies and favorite flavors, and get 4 protein powder samples matched to you.';

function titleOf(step: number): string {
  if (step === USED_PROTEIN_STEP) return USED_PROTEIN_TITLE;
  if (step === REGISTRATION_STEP) return REGISTRATION_TITLE;
  return QUIZ_STEP_SPECS[step]?.title ?? 'Quiz';
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
  // Marketing mail is opt-in: unticked until the person ticks it.
  const [isEmailSubscribed, setEmailSubscribed] = useState(false);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [problem, setProblem] = useState<RegistrationProblem | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [notice, setNotice] = useState<QuizNoticeKind | null>(null);
  const [capMessage, setCapMessage] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The email and password rules are the server's zod schemas: fetched once the quiz has hydrated,
  // long before the registration step (docs/performance.md#initial-javascript).
  const registrationRules = useAfterHydration<RegistrationRules>(
    () => import('../utils/registration-rules.ts'),
    'The registration rules',
  );
  const title = titleOf(step);
  const spec = QUIZ_STEP_SPECS[step];
  useSeo({
    title: draft ? `Quiz, step ${step} of ${lastStep(mode)}` : 'Your preferences',
    description: QUIZ_DESCRIPTION,
  });

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
        <QuizLoadState isLoading={isLoading} error={error} onRetry={reload} />
      </QuizShell>
    );
  }

  const form: RegistrationForm = {
    emailAddress: draft.profileInfo.emailAddress,
    age: draft.profileInfo.age,
    phoneNumber: draft.profileInfo.phoneNumber,
    ...passwords,
    isEmailSubscribed,
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
    const { password, confirmPassword, isEmailSubscribed: optIn, ...profile } = change;
    if (optIn !== undefined) setEmailSubscribed(optIn);
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
      // Sent before the rules arrived: checked once they do (a second click meanwhile does nothing).
      const rules = await registrationRules.forSubmit();
      if (!rules) return;
      const found = validateRegistration(form, account, rules.value);
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
        saveQuiz(
          {
            ...toQuizInput(
              answers,
              isRegistration && !account ? { ...passwords, isEmailSubscribed } : undefined,
            ),
            // The step just answered: the back office's quiz funnel counts how far each quiz got.
            step,
          },
          {
            registration: isRegistration,
            referralCode,
            quiet: true,
          },
        );
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
      <form className="quiz-card" onSubmit={goNext} noValidate aria-labelledby="quiz-title">
        <p className="quiz-card__step">
          Step {step} of {lastStep(mode)}
        </p>
        <h1 id="quiz-title" className="quiz-card__title" tabIndex={-1} ref={headingRef}>
          {title}
        </h1>
        {spec?.hint ? <p className="quiz-card__hint">{spec.hint}</p> : null}

        <QuizAnswers
          step={step}
          title={title}
          draft={draft}
          onToggle={toggle}
          onUsedProteinChange={(value) =>
            // Someone who has never used protein has no mixing habit or liked brand to keep.
            update((d) => ({
              ...d,
              usedProteinBefore: value,
              ...(value ? {} : { proteinMixes: [], brandUsages: [] }),
            }))
          }
        />
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

        {problem && step !== REGISTRATION_STEP ? <SaveProblem problem={problem} /> : null}

        {notice ? <QuizNotice kind={notice} onClose={closeNotice} /> : null}

        <QuizActions
          backUrl={back === null ? null : stepUrl(back)}
          enabled={enabled}
          isSaving={isSaving}
          label={isLast && mode === 'edit' ? 'Done' : 'Next'}
          blocker={nextBlocker}
        />
      </form>
      {nextSpec?.lists.map((list) => (
        <PrefetchList key={list.field} spec={list} />
      ))}
    </QuizShell>
  );
}
