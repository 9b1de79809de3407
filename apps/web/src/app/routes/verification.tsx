import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #2 builds this page. */
export default function VerificationRoute() {
  return <Placeholder title="Email verification" />;
}
