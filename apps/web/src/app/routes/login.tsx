import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #2 builds this page. */
export default function LoginRoute() {
  return <Placeholder title="Log in" />;
}
