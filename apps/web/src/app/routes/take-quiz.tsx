import { QuizPage } from '@/features/quiz/components/quiz-page.tsx';

/** /take-quiz/:step and /take-quiz/:step/:quizId: the 12-step quiz (spec 000 §2). */
export default function TakeQuizRoute() {
  return <QuizPage />;
}
