// The quiz module's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export { hardFilterViolation, type MatchAnswers, type MatchProduct, rankProducts } from './matching.ts';
export { latestQuizOf } from './quiz.repository.ts';
export { type QuizRoutesOptions, quizRoutes } from './quiz.routes.ts';
export { createQuizService, type QuizService, type QuizServiceDeps } from './quiz.service.ts';
export {
  createQuizResultsService,
  type QuizResultsDeps,
  type QuizResultsService,
  toMatchProduct,
} from './quiz-results.service.ts';
