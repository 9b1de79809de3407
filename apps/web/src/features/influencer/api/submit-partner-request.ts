import type { PartnerRequest } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/** POST /api/User/SubmitPartnerRequest: the ambassador application. */
export function submitPartnerRequest(request: PartnerRequest): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/User/SubmitPartnerRequest', { body: request });
}
