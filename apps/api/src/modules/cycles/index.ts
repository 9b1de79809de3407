// The cycle engine's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export { confirmPaymentMail } from './confirm-renewal-mail.tsx';
export { type CycleEngine, createCycleEngine } from './cycles.service.ts';
export {
  type AssemblyPicks,
  assembleBoxIn,
  assemblyPicksOf,
  deliverBoxIn,
  sendQueuedMails,
  shipBoxIn,
  shipCartOrderIn,
} from './fulfilment.ts';
export { createRanker, type Ranker } from './picks.ts';
export { SWEEP_INTERVAL_MS, type SweepReport } from './sweep.ts';
