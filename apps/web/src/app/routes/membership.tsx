import { VerifyEmailNotice } from '@/features/auth/components/resend-verification.tsx';
import { MembershipPage } from '@/features/membership/components/membership-page.tsx';
import { useAuth } from '@/lib/auth.ts';

/**
 * /membership (guarded): the plan, schedule, status and next renewal, or "Not Active"; while the
 * address is not verified, a reminder with "Send the link again" (docs/product.md#sign-up).
 */
export default function MembershipRoute() {
  const { info } = useAuth();
  const notice =
    info && !info.emailVerified ? <VerifyEmailNotice emailAddress={info.identity.emailAddress} /> : null;
  return <MembershipPage notice={notice} />;
}
