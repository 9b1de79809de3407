// The memberships' face (ARCHITECTURE.md#the-rules-the-lint-checks). The cycle engine (modules/cycles)
// moves memberships through their billing cycles with `cycleStore`, the data access of the
// memberships' tables; nothing here imports the cycles module.
export * as cycleStore from './cycle-store.ts';
export {
  createSubscriptionsHooks,
  type MembershipChange,
  type SubscriptionsHooks,
} from './hooks.ts';
export {
  createSubscriptionActions,
  type SubscriptionActions,
  type SubscriptionActionsDeps,
} from './subscription-actions.ts';
export {
  cycleFromJson,
  cycleProgressColumns,
  setIssueReportHandled,
  subscriptionFromJson,
} from './subscriptions.repository.ts';
export {
  type RenewalConfirmations,
  type SubscriptionsRoutesOptions,
  subscriptionsRoutes,
} from './subscriptions.routes.ts';
export {
  addDays,
  createSubscriptionsService,
  type MembershipWithCycle,
  membershipTime,
  REVIEW_DAYS,
  type SubscriptionsService,
} from './subscriptions.service.ts';
export type { BillingCycleRow, SubscriptionRow } from './subscriptions.table.ts';
