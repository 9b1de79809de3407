import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { isSignedIn } from '@/lib/session.ts';

/** The route guard (docs/product.md#who-may-do-what): in with a stored token, otherwise to login with a returnUrl. */
export function RequireAuth() {
  const location = useLocation();
  if (!isSignedIn()) {
    return <Navigate to={paths.login(`${location.pathname}${location.search}`)} replace />;
  }
  return <Outlet />;
}
