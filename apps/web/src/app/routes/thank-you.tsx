import { useParams } from 'react-router';
import { ThankYouPage } from '@/features/orders/components/thank-you-page.tsx';

/** /thank-you/:orderId (guarded): the placed order. */
export default function ThankYouRoute() {
  const { orderId } = useParams();
  return <ThankYouPage orderId={orderId} />;
}
