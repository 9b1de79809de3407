import type { MemberQuotes } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET productReview/GetMemberQuotes: the newest members' words, or none while the store has too few reviews. */
export function useMemberQuotes() {
  return useApi('member-quotes', () =>
    apiGet<MemberQuotes>('/productReview/GetMemberQuotes', { quiet: true }),
  );
}
