import { QUIZ_WARNING_MS } from '@store/contracts';
import { useEffect } from 'react';

/** The two quiz warnings (docs/product.md#states-and-flows), keyed by what triggers them. */
export const QUIZ_NOTICES = {
  lactose:
    'Heads up: many of our proteins are made from milk, so they are not suitable for a lactose-free diet. We will leave them out of your matches.',
  vegan:
    'Heads up: most of our proteins are whey, which comes from milk. We will match you only with the plant proteins we carry, so your choice is smaller.',
} as const;
export type QuizNoticeKind = keyof typeof QUIZ_NOTICES;

/** A warning that hides by itself after 5 s or when closed. */
export function QuizNotice({ kind, onClose }: { kind: QuizNoticeKind; onClose: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, QUIZ_WARNING_MS);
    return () => window.clearTimeout(timer);
  }, [onClose]);
  return (
    <div className="quiz-notice" role="status" data-notice={kind}>
      <p className="quiz-notice__text">{QUIZ_NOTICES[kind]}</p>
      <button type="button" className="quiz-notice__close" onClick={onClose} aria-label="Close this notice">
        ×
      </button>
    </div>
  );
}
