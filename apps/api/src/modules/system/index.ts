// The system module's face (ARCHITECTURE.md#the-rules-the-lint-checks): health, docs, the dev
// mailbox and clock, and the one scheduler of every job.
export { createScheduler, type Job, type JobRun, type Scheduler } from './scheduler.ts';
export { type SystemRoutesOptions, systemRoutes } from './system.routes.ts';
