import type { MyReferrals } from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET /referrals/Mine: the member's link (built on the server from PUBLIC_URL) and reward progress. */
export function getMyReferrals(): Promise<MyReferrals> {
  return apiGet<MyReferrals>('/referrals/Mine', { quiet: true });
}

export function useMyReferrals(enabled = true) {
  return useApi(enabled ? 'referrals:mine' : null, getMyReferrals);
}

/** POST /referrals/PopupShown: the account remembers the closed popup too (other devices skip it). */
export function rememberPopupShown(): Promise<void> {
  return apiPost<void>('/referrals/PopupShown', { quiet: true });
}
