// The tub plans' face (ARCHITECTURE.md#the-rules-the-lint-checks): the Flex and Max plans, billed
// by the cycle engine through the `PlanKind` this module gives it.
export {
  claimUrl,
  tubPlanCanceledUnpaidMail,
  tubPlanChooseReminderMail,
  tubPlanLaunchMail,
  tubPlanPaymentFailedMail,
  tubPlanPreOrderRefundedMail,
  tubPlanReceiptMail,
  tubPlanReminderMail,
  tubPlanSkippedUnpaidMail,
  tubPlanUnavailableMail,
} from './tub-plan-mails.tsx';
export { type TubPlansRoutesOptions, tubPlansRoutes } from './tub-plans.routes.ts';
export {
  createTubPlansService,
  NOT_LAUNCHED,
  type TubPlansDeps,
  type TubPlansService,
} from './tub-plans.service.ts';
