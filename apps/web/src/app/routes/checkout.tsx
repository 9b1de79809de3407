import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #5 builds this page. */
export default function CheckoutRoute() {
  return <Placeholder title="Checkout" />;
}
