import { useParams } from 'react-router';
import { SampleDetailPage } from '@/features/box/components/sample-detail-page.tsx';

/** /sample-detail/:orderId/:productId (guarded): a match with CHOOSE. */
export default function SampleDetailRoute() {
  const { orderId = '', productId = '' } = useParams();
  return <SampleDetailPage key={`${orderId}:${productId}`} orderId={orderId} productId={Number(productId)} />;
}
