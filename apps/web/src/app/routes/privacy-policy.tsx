import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #3 builds this page. */
export default function PrivacyPolicyRoute() {
  return <Placeholder title="Privacy policy" />;
}
