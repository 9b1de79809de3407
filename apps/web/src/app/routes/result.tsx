import { ResultsPage } from '@/features/results/components/results-page.tsx';

/** /result/:quizId (guarded): the quiz's matched products (docs/product.md#quiz-and-first-box). */
export default function ResultRoute() {
  return <ResultsPage />;
}
