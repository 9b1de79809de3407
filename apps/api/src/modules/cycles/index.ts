// The cycle engine's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export { type CycleBilling, createBoxBilling } from './billing.ts';
export { confirmPaymentMail } from './confirm-renewal.mail.tsx';
export { type CycleEngine, createCycleEngine } from './cycles.service.ts';
export {
  type AssemblyPicks,
  assembleBoxIn,
  assembleReplacementIn,
  assemblyPicksOf,
  deliverBoxIn,
  deliverReplacementIn,
  sendQueuedMails,
  shipBoxIn,
  shipCartOrderIn,
  shipReplacementIn,
} from './fulfilment.ts';
export { type CycleHooks, createCycleHooks, type RenewalPaid } from './hooks.ts';
export type { NextBoxExtras, RenewalOrder } from './next-box-extras.ts';
export { createRanker, type Ranker } from './picks.ts';
export {
  type PlanBilling,
  type PlanChange,
  PlanDeliveryUnavailable,
  type PlanKind,
  type PlanPeriod,
  type PlanState,
} from './plan-billing.ts';
export { queueCycleMail } from './plan-mails.ts';
export {
  DEFAULT_RENEWAL_POLICY,
  type FinalRenewalAction,
  type RenewalOutcome,
  type RenewalPolicy,
} from './renewals.ts';
export { SWEEP_INTERVAL_MS, type SweepReport, type SweptPlan } from './sweep.ts';
