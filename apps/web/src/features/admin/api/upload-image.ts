import type { UploadKind } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/** POST /api/admin/uploads: stores the image and answers where it is served. */
export function uploadImage(kind: UploadKind, dataUrl: string): Promise<{ path: string }> {
  return apiPost<{ path: string }>('/admin/uploads', { body: { kind, image: dataUrl }, quiet: true });
}
