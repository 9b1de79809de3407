import { SiteFooter } from '@/features/footer/components/site-footer.tsx';
import { LearnMorePage } from '@/features/plans/components/learn-more-page.tsx';

/** /subscriptions-learn-more and the public footer. */
export default function LearnMoreRoute() {
  return (
    <>
      <LearnMorePage />
      <SiteFooter />
    </>
  );
}
