import { useParams } from 'react-router';
import { BuildYourBoxPage } from '@/features/box/components/build-your-box-page.tsx';

/** /build-your-box/:orderId (guarded): the 2 prime picks and NEXT: CHOOSE 2 SAMPLES. */
export default function BuildYourBoxRoute() {
  const { orderId = '' } = useParams();
  return <BuildYourBoxPage key={orderId} orderId={orderId} />;
}
