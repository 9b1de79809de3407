import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #5 builds this page. */
export default function ThankYouRoute() {
  return <Placeholder title="Order placed" />;
}
