import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/**
 * The order fields the pre-order detail shows (spec 001 §3, misspellings kept). The orders
 * contract is not written yet, so only what this page reads is typed here; every field may be
 * missing until it is.
 */
export interface PreOrderDetail {
  id: string;
  orderNumer?: string;
  orderNumberLast4?: string;
  dateCreated?: string;
  price?: number;
  subTotal?: number;
  taxAmount?: number;
  handlingFee?: number;
  total?: number;
  last4Digits?: string | null;
  items?: Array<{ id?: string; title?: string; productTitle?: string; price?: number }>;
  identity?: {
    emailAddress?: string;
    displayName?: string;
    shippingAddress?: {
      street?: string;
      city?: string;
      state?: string;
      postalCode?: string;
      countryText?: string;
    } | null;
  };
}

/** GET /api/order/GetItem?id: the quiet call, because the page shows its own states. */
export function getOrder(id: string): Promise<PreOrderDetail> {
  return apiGet<PreOrderDetail>('/order/GetItem', { query: { id }, quiet: true });
}

export function useOrder(id: string | undefined) {
  return useApi(id ? `order:${id}` : null, () => getOrder(id!));
}
