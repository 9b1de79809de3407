import { CancelReasonPage } from '@/features/frequency/components/cancel-reason-page.tsx';

/** /cancel-reason (open): the 4 reasons; Submit cancels. */
export default function CancelReasonRoute() {
  return <CancelReasonPage />;
}
