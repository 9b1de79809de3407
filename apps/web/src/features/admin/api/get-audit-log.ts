import type { AdminAuditEntry, AdminAuditQuery, Page } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, queryString } from './keys.ts';

export type AuditQuery = Partial<AdminAuditQuery>;

/** GET /api/admin/audit: every back-office change, newest first. */
export function getAuditLog(query: AuditQuery): Promise<Page<AdminAuditEntry>> {
  return apiGet<Page<AdminAuditEntry>>('/admin/audit', { query, quiet: true });
}

export function useAuditLog(query: AuditQuery) {
  return useApi(`${ADMIN_KEY}audit?${queryString(query)}`, () => getAuditLog(query));
}
