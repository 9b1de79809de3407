import type { BillingInfo } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET /api/identity/GetBillingInfoByIdentityId: the caller's own card summary and billing address. */
export function getBillingInfo(identityId: string): Promise<BillingInfo> {
  return apiGet<BillingInfo>('/identity/GetBillingInfoByIdentityId', { query: { identityId }, quiet: true });
}

export function useBillingInfo(identityId: string | undefined) {
  return useApi(identityId ? `billing:${identityId}` : null, () => getBillingInfo(identityId!));
}
