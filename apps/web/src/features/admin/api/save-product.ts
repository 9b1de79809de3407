import type { AdminProduct, AdminProductInput } from '@store/contracts';
import { api, apiPost } from '@/lib/api-client.ts';
import { forgetAdminAnswers } from './keys.ts';

/** POST /api/admin/products, or PUT /api/admin/products/{id} when `id` is given. */
export async function saveProduct(input: AdminProductInput, id?: number): Promise<AdminProduct> {
  // quiet: the form shows the server's field messages beside the fields.
  const saved =
    id === undefined
      ? await apiPost<AdminProduct>('/admin/products', { body: input, quiet: true })
      : await api<AdminProduct>('PUT', `/admin/products/${id}`, { body: input, quiet: true });
  forgetAdminAnswers();
  return saved;
}

/** POST /api/admin/products/{id}/archive or /unarchive. */
export async function setProductArchived(id: number, isArchived: boolean): Promise<AdminProduct> {
  const product = await apiPost<AdminProduct>(
    `/admin/products/${id}/${isArchived ? 'archive' : 'unarchive'}`,
  );
  forgetAdminAnswers();
  return product;
}
