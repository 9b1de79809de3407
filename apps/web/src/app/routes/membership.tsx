import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #6 builds this page. */
export default function MembershipRoute() {
  return <Placeholder title="Membership" />;
}
