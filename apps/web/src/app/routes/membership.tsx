import { MembershipPage } from '@/features/membership/components/membership-page.tsx';

/** /membership (guarded): the plan, schedule, status and next renewal, or "Not Active". */
export default function MembershipRoute() {
  return <MembershipPage />;
}
