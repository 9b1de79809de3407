import { FrequencyPage } from '@/features/frequency/components/frequency-page.tsx';

/** /frequency (open): the delivery schedule, skip and pause; a visitor is asked to log in. */
export default function FrequencyRoute() {
  return <FrequencyPage />;
}
