// The contact form's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export { contactMail } from './contact.mail.tsx';
export { type ContactRoutesOptions, contactRoutes } from './contact.routes.ts';
export { type ContactService, type ContactServiceDeps, createContactService } from './contact.service.ts';
export type { ContactMessageRow } from './contact.table.ts';
