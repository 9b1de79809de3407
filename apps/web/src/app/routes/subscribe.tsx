import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #4 builds this page. */
export default function SubscribeRoute() {
  return <Placeholder title="Choose your plan" />;
}
