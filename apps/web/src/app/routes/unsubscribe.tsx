import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #3 builds this page. */
export default function UnsubscribeRoute() {
  return <Placeholder title="Email preferences" />;
}
