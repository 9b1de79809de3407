import type { AdminJobs } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY } from '../../api/keys.ts';

/** GET /api/admin/jobs: each scheduled job's last run, its error if it failed, and its next run. */
export function getJobs(): Promise<AdminJobs> {
  return apiGet<AdminJobs>('/admin/jobs', { quiet: true });
}

export function useJobs() {
  return useApi(`${ADMIN_KEY}jobs`, getJobs);
}
