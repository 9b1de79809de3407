import { useRef } from 'react';
import { BillingPage } from '@/features/billing/components/billing-page.tsx';
import { CardField, type CardFieldHandle } from '@/features/card-field/components/card-field.tsx';

/** /billing (guarded): the default card, Replace card, and the billing address. */
export default function BillingRoute() {
  const card = useRef<CardFieldHandle>(null);
  return (
    <BillingPage
      replaceCard={{
        card,
        renderCardField: (isDisabled) => <CardField ref={card} isDisabled={isDisabled} />,
      }}
    />
  );
}
