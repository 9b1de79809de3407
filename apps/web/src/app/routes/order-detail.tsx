import { useParams } from 'react-router';
import { OrderDetailPage } from '@/features/plans/components/order-detail-page.tsx';

/** /order-detail/:orderId, the paid pre-order (guarded). */
export default function OrderDetailRoute() {
  const { orderId } = useParams();
  return <OrderDetailPage orderId={orderId} />;
}
