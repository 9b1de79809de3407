import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { progressForStep } from '../utils/quiz-navigation.ts';
import { QuizProgress } from './quiz-progress.tsx';

/** Every quiz screen: the progress bar above, the step below. */
export function QuizShell({ step, children }: { step: number; children: React.ReactNode }) {
  return (
    <div className="quiz-page">
      <QuizProgress progress={progressForStep(step)} />
      <main className="quiz-main">{children}</main>
    </div>
  );
}

interface QuizLoadStateProps {
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** While the answers of an edited quiz load, or when they could not be loaded. */
export function QuizLoadState({ isLoading, error, onRetry }: QuizLoadStateProps) {
  if (isLoading || !error) {
    return (
      <p className="quiz-options__status" role="status">
        <span className="quiz-spinner" aria-hidden="true" />
        Loading your answers...
      </p>
    );
  }
  return (
    <div className="quiz-options__status quiz-options__status--error" role="alert">
      We could not load your quiz.{' '}
      {error instanceof ApiError && error.status === 401 ? (
        <Link to={paths.login()}>Log in to change your preferences.</Link>
      ) : (
        <button type="button" className="quiz-link-button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
