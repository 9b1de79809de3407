import { ResultsPage } from '@/features/results/components/results-page.tsx';

/** /result/:quizId (guarded): the quiz's matched products (spec 000 §2). */
export default function ResultRoute() {
  return <ResultsPage />;
}
