import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #2 builds this page. */
export default function ResetPasswordRoute() {
  return <Placeholder title="Reset password" />;
}
