import type { AdminContactMessage, AdminInboxQuery, AdminPartnerRequest, Page } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, queryString } from './keys.ts';

/** The two inboxes: the footer's contact messages and the ambassador applications. */
export type InboxName = 'contact-messages' | 'partner-requests';
export type InboxItem<N extends InboxName> = N extends 'contact-messages'
  ? AdminContactMessage
  : AdminPartnerRequest;
export type InboxQuery = Partial<AdminInboxQuery>;

/** GET /api/admin/contact-messages or /partner-requests: one page, newest first. */
export function getInbox<N extends InboxName>(name: N, query: InboxQuery): Promise<Page<InboxItem<N>>> {
  return apiGet<Page<InboxItem<N>>>(`/admin/${name}`, { query, quiet: true });
}

export function useInbox<N extends InboxName>(name: N, query: InboxQuery) {
  return useApi(`${ADMIN_KEY}${name}?${queryString(query)}`, () => getInbox(name, query));
}
