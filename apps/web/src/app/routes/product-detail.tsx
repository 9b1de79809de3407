import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #4 builds this page. */
export default function ProductDetailRoute() {
  return <Placeholder title="Product" />;
}
