import { useParams } from 'react-router';
import { ChooseSamplesPage } from '@/features/box/components/choose-samples-page.tsx';

/** /choose-samples/:orderId (guarded): the member picks 2 samples, then CONFIRM. */
export default function ChooseSamplesRoute() {
  const { orderId = '' } = useParams();
  return <ChooseSamplesPage key={orderId} orderId={orderId} />;
}
