import { CancelPage } from '@/features/frequency/components/cancel-page.tsx';

/** /cancel (open): alternatives to canceling, then Continue Cancellation. */
export default function CancelRoute() {
  return <CancelPage />;
}
