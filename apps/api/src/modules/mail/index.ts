// The mail module's face (ARCHITECTURE.md#the-rules-the-lint-checks): the mailer, the one layout
// every mail is drawn with, and the store-wide mail templates.
export * from './cart-receipt.tsx';
export * from './cycle-templates.tsx';
export {
  Amounts,
  BRAND,
  type ItemLine,
  Items,
  Layout,
  P,
  pictureUrl,
  renderMail,
  safeUrl,
} from './layout.tsx';
export { createMailer, listMail, type Mail, type Mailer } from './mailer.ts';
export * from './templates.tsx';
