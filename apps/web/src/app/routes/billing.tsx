import { BillingPage } from '@/features/billing/components/billing-page.tsx';

/** /billing (guarded): the default card and the billing address. */
export default function BillingRoute() {
  return <BillingPage />;
}
