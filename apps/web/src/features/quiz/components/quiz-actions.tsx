import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useIsHydrated } from '@/lib/use-hydrated.ts';
import type { RegistrationProblem } from './registration-step.tsx';

/** A save that failed on steps 1-11, with a way to log in when the quiz is someone else's. */
export function SaveProblem({ problem }: { problem: RegistrationProblem }) {
  return (
    <p className="quiz-card__problem" role="alert">
      {problem.message}
      {problem.suggestLogin ? (
        <>
          {' '}
          <Link to={paths.login()}>Log in</Link>
        </>
      ) : null}
    </p>
  );
}

interface QuizActionsProps {
  /** Where Back goes; null on the first step. */
  backUrl: string | null;
  enabled: boolean;
  isSaving: boolean;
  label: string;
  /** Why Next is disabled, shown under it and read as its description. */
  blocker?: string | null;
}

/** Back and Next (or Done) under every step, and why Next cannot be pressed yet. */
export function QuizActions({ backUrl, enabled, isSaving, label, blocker }: QuizActionsProps) {
  // Step 1 is prerendered: before it hydrates, the browser would send the form itself.
  const isHydrated = useIsHydrated();
  return (
    <>
      <div className="quiz-card__actions">
        {backUrl !== null ? (
          <Link className="quiz-button quiz-button--secondary" to={backUrl}>
            Back
          </Link>
        ) : (
          <span />
        )}
        <button
          className="quiz-button quiz-button--primary"
          type="submit"
          disabled={!enabled || !isHydrated}
          aria-busy={isSaving}
          aria-describedby={blocker ? 'quiz-next-why' : undefined}
        >
          {isSaving ? 'Saving...' : label}
        </button>
      </div>
      {blocker ? (
        <p id="quiz-next-why" className="quiz-card__why">
          {blocker}
        </p>
      ) : null}
    </>
  );
}
