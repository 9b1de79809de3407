// The referrals module's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export { referralRewardMail } from './referral.mail.tsx';
export { type ReferralsRoutesOptions, referralsRoutes } from './referrals.routes.ts';
export { createReferralsService, type ReferralsDeps, type ReferralsService } from './referrals.service.ts';
