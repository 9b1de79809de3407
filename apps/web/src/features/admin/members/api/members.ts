import type {
  AdminMemberDetail,
  AdminMemberListQuery,
  AdminMemberRow,
  AdminRefund,
  CheckoutIdentity,
  Page,
  SelectableEmailTypes,
} from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, forgetAdminAnswers, queryString } from '../../api/keys.ts';

export type MemberListQuery = Partial<AdminMemberListQuery>;

/** GET /api/admin/members: one page, searched and sorted on the server. */
export function useMembers(query: MemberListQuery) {
  return useApi(`${ADMIN_KEY}members?${queryString(query)}`, () =>
    apiGet<Page<AdminMemberRow>>('/admin/members', { query, quiet: true }),
  );
}

/** GET /api/admin/members/{id}: everything about one member. */
export function useMember(id: string | undefined) {
  return useApi(id ? `${ADMIN_KEY}member/${id}` : null, () =>
    apiGet<AdminMemberDetail>(`/admin/members/${encodeURIComponent(id!)}`, { quiet: true }),
  );
}

async function memberAction(id: string, action: string, body?: unknown): Promise<AdminMemberDetail> {
  const detail = await apiPost<AdminMemberDetail>(`/admin/members/${encodeURIComponent(id)}/${action}`, {
    body,
    quiet: true,
  });
  forgetAdminAnswers();
  return detail;
}

export const changeSchedule = (id: string, days: number) => memberAction(id, 'schedule', { days });
export const skipNextBox = (id: string) => memberAction(id, 'skip-next');
export const cancelMembership = (id: string, reason: number) => memberAction(id, 'cancel', { reason });
export const pauseMembership = (id: string, cycles: number) => memberAction(id, 'pause', { cycles });
/** POST /api/admin/members/{id}/shipping-address: where the boxes ship from now on (audited). */
export const updateShippingAddress = (id: string, body: CheckoutIdentity) =>
  memberAction(id, 'shipping-address', body);

/**
 * POST /api/admin/orders/{id}/refunds. `requestId` is made once per form: sending the same
 * request again (a double click, a retry after a timeout) refunds once.
 */
export async function refundOrder(
  orderId: string,
  input: { requestId: string; amountCents?: number; reason: string },
): Promise<AdminRefund> {
  const refund = await apiPost<AdminRefund>(`/admin/orders/${encodeURIComponent(orderId)}/refunds`, {
    body: input,
    quiet: true,
  });
  forgetAdminAnswers();
  return refund;
}

export type SelectableEmail = (typeof SelectableEmailTypes)[number];

/** POST /api/User/SendSelectedEmail: sends an account mail to the member again. */
export function resendEmail(identityId: string, emailType: SelectableEmail): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/User/SendSelectedEmail', {
    query: { emailType, identityId },
    quiet: true,
  });
}
