import type { CancelOffer } from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { loadAuthInfo } from '@/lib/auth.ts';

/*
 * The one offer that answers a cancel reason (docs/product.md#cancel-offers). Quiet: the cancel
 * page shows what failed beside its buttons.
 */

/** GET /user/CancelOffer?cancelReason=N: null when there is none to give (taken already, not active). */
export async function fetchCancelOffer(reason: number): Promise<CancelOffer | null> {
  try {
    return await apiGet<CancelOffer>('/user/CancelOffer', { query: { cancelReason: reason }, quiet: true });
  } catch {
    return null;
  }
}

/** POST /user/AcceptCancelOffer?cancelReason=N, then AuthInfo again (a pause shows at once). */
export async function acceptCancelOffer(reason: number): Promise<CancelOffer> {
  const taken = await apiPost<CancelOffer>('/user/AcceptCancelOffer', {
    query: { cancelReason: reason },
    quiet: true,
  });
  await loadAuthInfo();
  return taken;
}
