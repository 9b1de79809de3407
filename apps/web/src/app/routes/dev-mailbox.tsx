import { Placeholder } from '@/components/ui/placeholder.tsx';

/** Placeholder until issue #2 builds this page. */
export default function DevMailboxRoute() {
  return <Placeholder title="Dev mailbox" />;
}
