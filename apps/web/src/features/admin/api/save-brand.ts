import type { AdminBrand, AdminBrandInput } from '@store/contracts';
import { api, apiPost } from '@/lib/api-client.ts';
import { forgetAdminAnswers } from './keys.ts';

/** POST /api/admin/brands, or PUT /api/admin/brands/{id} when `id` is given. */
export async function saveBrand(input: AdminBrandInput, id?: number): Promise<AdminBrand> {
  const saved =
    id === undefined
      ? await apiPost<AdminBrand>('/admin/brands', { body: input, quiet: true })
      : await api<AdminBrand>('PUT', `/admin/brands/${id}`, { body: input, quiet: true });
  forgetAdminAnswers();
  return saved;
}

/** POST /api/admin/brands/{id}/archive or /unarchive (409 while it has active products). */
export async function setBrandArchived(id: number, isArchived: boolean): Promise<AdminBrand> {
  const brand = await apiPost<AdminBrand>(`/admin/brands/${id}/${isArchived ? 'archive' : 'unarchive'}`, {
    quiet: true,
  });
  forgetAdminAnswers();
  return brand;
}
