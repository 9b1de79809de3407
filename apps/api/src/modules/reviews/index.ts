// The reviews module's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export { setReviewHidden } from './reviews.repository.ts';
export { type ReviewsRoutesOptions, reviewsRoutes } from './reviews.routes.ts';
export { createReviewsService, type ReviewsService, type ReviewsServiceDeps } from './reviews.service.ts';
