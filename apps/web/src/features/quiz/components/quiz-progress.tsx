import { useLayoutEffect, useRef } from 'react';

/**
 * The quiz's progress bar (docs/product.md#states-and-flows: 7% on step 1 up to 88% on step 12). The site's top bar
 * (logo, LOG IN) comes from the shared layout; the quiz route hides its menu links.
 * The fill's width is set from script, not a style attribute: step 1 is prerendered HTML and the
 * content security policy refuses inline styles there (docs/decisions/014-prerendered-public-pages.md#limits).
 */
export function QuizProgress({ progress }: { progress: number }) {
  const fill = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (fill.current) fill.current.style.width = `${progress}%`;
  }, [progress]);
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
      <div ref={fill} className="quiz-progress__fill" />
    </div>
  );
}
