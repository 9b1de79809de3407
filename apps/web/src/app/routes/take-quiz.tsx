import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #4 builds this page. */
export default function TakeQuizRoute() {
  return <Placeholder title="Quiz" />;
}
