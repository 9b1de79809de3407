import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #6 builds this page. */
export default function ProfileRoute() {
  return <Placeholder title="Profile" />;
}
