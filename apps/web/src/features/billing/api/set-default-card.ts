import type { PaymentMethod } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/** POST /PaymentMethod/SetDefault: the new card becomes the one renewals are charged to. */
export function setDefaultCard(paymentMethodId: string): Promise<PaymentMethod> {
  return apiPost<PaymentMethod>('/PaymentMethod/SetDefault', { body: { paymentMethodId }, quiet: true });
}
