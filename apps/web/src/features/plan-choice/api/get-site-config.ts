import { DEFAULT_HANDLING_FEE_CENTS, DEFAULT_PLAN_PRICE_CENTS, type SiteConfig } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET /site/config: the configured plan price and handling fee (docs/product.md#price, Price). */
export function getSiteConfig(): Promise<SiteConfig> {
  return apiGet<SiteConfig>('/site/config', { quiet: true });
}

export function useSiteConfig() {
  return useApi('site-config', getSiteConfig);
}

/** The plan price in cents; the contracts default only until the configured value arrives. */
export function planPriceCents(config: SiteConfig | undefined): number {
  return config ? Math.round(config.planPrice * 100) : DEFAULT_PLAN_PRICE_CENTS;
}

export function handlingFeeCents(config: SiteConfig | undefined): number {
  return config ? Math.round(config.handlingFee * 100) : DEFAULT_HANDLING_FEE_CENTS;
}
