import type { StoreFigures } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET productReview/GetStoreFigures: members, reviews and their average, each null while too few. */
export function useStoreFigures() {
  return useApi('store-figures', () =>
    apiGet<StoreFigures>('/productReview/GetStoreFigures', { quiet: true }),
  );
}
