// The accounts module's face: what the composition root and other modules may import
// (ARCHITECTURE.md#the-rules-the-lint-checks). Everything else in this folder is private to it.

export { lockIdentity, markReferralPopupShown, setShippingAddress } from './accounts.repository.ts';
export { type AccountsRoutesOptions, accountsRoutes } from './accounts.routes.ts';
export { seedAdmin } from './accounts.seed.ts';
export {
  type AccountsDeps,
  type AccountsService,
  createAccountsService,
  type Membership,
  type QuizRegistration,
} from './accounts.service.ts';
export { type PasswordHashing, passwordsKnowing } from './passwords.ts';
export { decodeImage } from './profile-image.ts';
