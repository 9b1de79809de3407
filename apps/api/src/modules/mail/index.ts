// The mail module's face (ARCHITECTURE.md#the-rules-the-lint-checks): the mailer, the one layout
// every mail is drawn with, and the store-wide mail templates.

export * from './account.mail.tsx';
export * from './cart-receipt.mail.tsx';
export * from './cycle.mail.tsx';
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
