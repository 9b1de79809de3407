import { lazy, Suspense, useEffect } from 'react';
import { useAuth } from '@/lib/auth.ts';
import { setCartCount } from '@/lib/cart-count.ts';

const CartPanel = lazy(() => import('./cart-panel.tsx'));

/**
 * Mounts the cart side panel once for a signed-in member (its code loads only then) and clears the
 * badge when nobody is signed in. Placed beside the root layout by the router.
 */
export function CartPanelHost() {
  const { status } = useAuth();
  const isMember = status === 'signed-in';
  useEffect(() => {
    if (status === 'signed-out') setCartCount(0);
  }, [status]);
  if (!isMember) return null;
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  );
}
