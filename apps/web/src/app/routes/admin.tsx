import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #8 builds this page. */
export default function AdminRoute() {
  return <Placeholder title="Back office" />;
}
