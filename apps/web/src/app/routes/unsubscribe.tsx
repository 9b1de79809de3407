import { useParams } from 'react-router';
import { UnsubscribePage } from '@/features/unsubscribe/components/unsubscribe-page.tsx';

/** /unsubscribe/:token, the link at the bottom of every marketing email. */
export default function UnsubscribeRoute() {
  const { token } = useParams();
  return <UnsubscribePage token={token?.trim() || undefined} />;
}
