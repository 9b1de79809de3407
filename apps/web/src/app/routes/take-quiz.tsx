import { QuizPage } from '@/features/quiz/components/quiz-page.tsx';

/** /take-quiz/:step and /take-quiz/:step/:quizId: the 12-step quiz (docs/product.md#quiz-and-first-box). */
export default function TakeQuizRoute() {
  return <QuizPage />;
}
