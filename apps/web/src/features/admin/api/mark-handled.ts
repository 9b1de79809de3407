import { apiPost } from '@/lib/api-client.ts';
import type { InboxItem, InboxName } from './get-inbox.ts';
import { forgetAdminAnswers } from './keys.ts';

/** POST /api/admin/{inbox}/{id}/handled: marks an item handled, or back to be done. */
export async function markHandled<N extends InboxName>(
  name: N,
  id: string,
  isHandled: boolean,
): Promise<InboxItem<N>> {
  const item = await apiPost<InboxItem<N>>(`/admin/${name}/${id}/handled`, { body: { isHandled } });
  forgetAdminAnswers();
  return item;
}
