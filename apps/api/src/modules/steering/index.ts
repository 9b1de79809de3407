// The steering module's face (ARCHITECTURE.md#the-rules-the-lint-checks): the member's own
// steering of the membership (docs/product.md#steering-your-membership).
export { appliedLines, OFFER_KIND_BY_REASON, offerFor } from './cancel-offers.ts';
export { dropExtrasOnCancel } from './next-box-extras.ts';
export { createNextBoxHook } from './renewal-hook.ts';
export {
  cancelOfferAcceptedMail,
  extraAddedMail,
  extraLeftOutMail,
  extraRemovedMail,
  nextBoxMovedMail,
  nextBoxSentNowMail,
  primePickSwappedMail,
} from './steering.mail.tsx';
export { type SteeringRoutesOptions, steeringRoutes } from './steering.routes.ts';
export { createSteering, type Steering, type SteeringDeps } from './steering.ts';
