import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #3 builds this page. */
export default function OrderDetailRoute() {
  return <Placeholder title="Order detail" />;
}
