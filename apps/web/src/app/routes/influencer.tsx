import { SiteFooter } from '@/features/footer/components/site-footer.tsx';
import { InfluencerPage } from '@/features/influencer/components/influencer-page.tsx';

/** The ambassador application and the public footer. */
export default function InfluencerRoute() {
  return (
    <>
      <InfluencerPage />
      <SiteFooter />
    </>
  );
}
