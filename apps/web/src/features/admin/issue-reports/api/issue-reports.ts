import type { AdminInboxQuery, AdminIssueReport, Page } from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, forgetAdminAnswers, queryString } from '../../api/keys.ts';

/** GET /api/admin/issue-reports: one page, newest first. */
export function useIssueReports(query: Partial<AdminInboxQuery>) {
  return useApi(`${ADMIN_KEY}issue-reports?${queryString(query)}`, () =>
    apiGet<Page<AdminIssueReport>>('/admin/issue-reports', { query, quiet: true }),
  );
}

export async function markIssueHandled(id: string, isHandled: boolean): Promise<AdminIssueReport> {
  const report = await apiPost<AdminIssueReport>(`/admin/issue-reports/${encodeURIComponent(id)}/handled`, {
    body: { isHandled },
    quiet: true,
  });
  forgetAdminAnswers();
  return report;
}
