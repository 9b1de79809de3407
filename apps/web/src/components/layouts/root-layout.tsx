import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Every page: scrolls to the top on navigation (spec 000 §2). */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}
