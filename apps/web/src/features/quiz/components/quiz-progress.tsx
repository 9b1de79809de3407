/**
 * The quiz's progress bar (docs/product.md#states-and-flows: 7% on step 1 up to 88% on step 12). The site's top bar
 * (logo, LOG IN) comes from the shared layout; the quiz route hides its menu links.
 */
export function QuizProgress({ progress }: { progress: number }) {
  return (
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
  );
}
