import type { MyReferrals } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/**
 * GET /referrals/Mine: the member's referral link, built on the server from PUBLIC_URL (the
 * same answer, and cache key, as the shop's referral popup).
 */
export function useMyReferralLink() {
  return useApi('referrals:mine', () => apiGet<MyReferrals>('/referrals/Mine', { quiet: true }));
}
