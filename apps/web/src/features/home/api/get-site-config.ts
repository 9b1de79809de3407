import type { SiteConfig } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** Shared cache key: the plans page reads the same answer. */
export const SITE_CONFIG_KEY = 'site-config';

/** GET /api/site/config: the configured Discover plan price and handling fee. */
export function getSiteConfig(): Promise<SiteConfig> {
  return apiGet<SiteConfig>('/site/config', { quiet: true });
}

export function useSiteConfig() {
  return useApi(SITE_CONFIG_KEY, getSiteConfig);
}
