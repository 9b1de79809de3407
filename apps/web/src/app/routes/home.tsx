import { SiteFooter } from '@/features/footer/components/site-footer.tsx';
import { HomePage } from '@/features/home/components/home-page.tsx';

/** The home page and the public footer. */
export default function HomeRoute() {
  return (
    <>
      <HomePage />
      <SiteFooter />
    </>
  );
}
