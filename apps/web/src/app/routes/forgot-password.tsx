import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #2 builds this page. */
export default function ForgotPasswordRoute() {
  return <Placeholder title="Forgot password" />;
}
