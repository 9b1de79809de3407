// The back office's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export { type AdminRoutesOptions, adminRoutes } from './admin.routes.ts';
export { type BackOffice, type BackOfficeDeps, createBackOffice } from './back-office.ts';
export {
  createRefundsService,
  type OrderRefund,
  type RefundsDeps,
  type RefundsHooks,
  type RefundsService,
} from './refunds.service.ts';
