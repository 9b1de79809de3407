import { ConfirmPaymentPage } from '@/features/membership/components/confirm-payment-page.tsx';

/** /membership/confirm-payment (guarded): confirm a renewal the bank wants to authenticate (docs/reliability.md#d6). */
export default function ConfirmPaymentRoute() {
  return <ConfirmPaymentPage />;
}
