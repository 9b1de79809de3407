import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #7 builds this page. */
export default function CheckoutCompletedRoute() {
  return <Placeholder title="Thank you!" />;
}
