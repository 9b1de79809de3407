import type { PaymentConfig } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET /api/checkout/PaymentConfig: the sandbox card field, or Stripe with its publishable key. */
export function getPaymentConfig(): Promise<PaymentConfig> {
  return apiGet<PaymentConfig>('/checkout/PaymentConfig', { quiet: true });
}

export function usePaymentConfig() {
  return useApi('payment-config', getPaymentConfig);
}
