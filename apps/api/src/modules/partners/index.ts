// The ambassador applications' face (ARCHITECTURE.md#the-rules-the-lint-checks).
export { partnerRequestMail } from './partners.mail.tsx';
export { type PartnersRoutesOptions, partnersRoutes } from './partners.routes.ts';
export { createPartnersService, type PartnersService, type PartnersServiceDeps } from './partners.service.ts';
export type { PartnerRequestRow } from './partners.table.ts';
