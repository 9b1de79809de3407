import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** The quiz's top bar: the logo home, LOG IN for visitors, and the progress bar (spec 000 §2, §4). */
export function QuizHeader({ progress, showLogin }: { progress: number; showLogin: boolean }) {
  return (
    <header className="quiz-header">
      <div className="quiz-header__bar">
        <Link to={paths.home()} className="quiz-header__logo" aria-label="Sample First home">
          Sample<span>First</span>
        </Link>
        {showLogin ? (
          <Link to={paths.login()} className="quiz-header__login">
            LOG IN
          </Link>
        ) : null}
      </div>
      <div
        className="quiz-progress"
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}% done`}
      >
        <div className="quiz-progress__fill" style={{ width: `${progress}%` }} />
      </div>
    </header>
  );
}
