import { SiteFooter } from '@/features/footer/components/site-footer.tsx';
import { PrivacyPolicyPage } from '@/features/privacy/components/privacy-policy-page.tsx';

/** The privacy policy and the public footer. */
export default function PrivacyPolicyRoute() {
  return (
    <>
      <PrivacyPolicyPage />
      <SiteFooter />
    </>
  );
}
