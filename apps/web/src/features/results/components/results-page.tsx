import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useQuizMatches } from '../api/get-quiz-matches.ts';
import { MatchCard } from './match-card.tsx';
import './results.css';

/** The results continue the quiz's progress bar (docs/product.md#quiz-and-first-box). */
const RESULTS_PROGRESS = 95;
/** The first box's prime picks are the top matches (docs/product.md#matching). */
const PRIME_PICKS = 2;

/** /result/:quizId: the products matched to the quiz and the way on to checkout. */
export function ResultsPage() {
  const quizId = useParams().quizId ?? '';
  const { data, error, isLoading, reload } = useQuizMatches(quizId);

  return (
    <div className="results-page">
      <PageTitle title="Your matches" />
      <div
        className="results-progress"
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={RESULTS_PROGRESS}
        aria-valuetext={`${RESULTS_PROGRESS}% done`}
      >
        <div className="results-progress__fill" style={{ width: `${RESULTS_PROGRESS}%` }} />
      </div>
      <main className="results-main">
        <header className="results-intro">
          <p className="results-intro__kicker">Your results</p>
          <h1 className="results-intro__title">Your perfect protein matches</h1>
          <p className="results-intro__text">
            Picked from your answers. Your first box brings single-serving samples, so you taste before you
            buy a tub.
          </p>
        </header>

        {isLoading ? (
          <div className="results-status" role="status" aria-busy="true">
            <span className="results-spinner" aria-hidden="true" />
            Finding your matches...
          </div>
        ) : error instanceof ApiError && error.status === 409 ? (
          <div className="results-status" role="alert">
            <p>
              {error.message} <Link to={paths.quiz(1, quizId)}>Change my answers</Link>
            </p>
          </div>
        ) : error || !data ? (
          <div className="results-status results-status--error" role="alert">
            {error instanceof ApiError && error.status === 404
              ? 'We could not find this quiz. '
              : 'We could not load your matches. '}
            {error instanceof ApiError && error.status === 404 ? (
              <Link to={paths.quiz(1)}>Take the quiz</Link>
            ) : (
              <button type="button" className="results-link-button" onClick={reload}>
                Try again
              </button>
            )}
          </div>
        ) : data.products.length === 0 ? (
          <div className="results-status" role="status">
            <p>
              No product fits every answer yet. Try loosening a restriction or choosing other flavors.{' '}
              <Link to={paths.quiz(1, quizId)}>Change my answers</Link>
            </p>
          </div>
        ) : (
          <>
            <ul className="results-grid">
              {data.products.map((product, index) => (
                <li key={product.id}>
                  <MatchCard product={product} quizId={quizId} isPrimePick={index < PRIME_PICKS} />
                </li>
              ))}
            </ul>
            <aside className="results-note" aria-label="What you are buying">
              <strong>Good to know:</strong> your purchase is for sample packets, not full-size tubs. Love
              one? Members buy the tub at a discount in the members' shop.
            </aside>
            <div className="results-actions">
              <Link className="results-continue" to={paths.checkout(data.orderId)}>
                Continue
              </Link>
              <p className="results-more">
                <Link to={paths.subscribe(data.orderId)}>What the Discover Plan includes</Link>
                <Link to={paths.learnMore()}>Tub plans for later</Link>
              </p>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
