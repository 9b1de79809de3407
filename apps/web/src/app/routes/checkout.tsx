import { useRef } from 'react';
import { useParams } from 'react-router';
import { CardField, type CardFieldHandle } from '@/features/card-field/components/card-field.tsx';
import { CheckoutPage } from '@/features/checkout/components/checkout-page.tsx';
import { ResumeCheckout } from '@/features/checkout/components/resume-checkout.tsx';

/** /checkout/:orderId, and /checkout, which resumes the unpaid first box (guarded). */
export default function CheckoutRoute() {
  const { orderId } = useParams();
  const card = useRef<CardFieldHandle>(null);
  if (!orderId) return <ResumeCheckout />;
  return (
    <CheckoutPage
      key={orderId}
      orderId={orderId}
      paymentMethods={card}
      renderCardField={(isDisabled) => <CardField ref={card} isDisabled={isDisabled} />}
    />
  );
}
