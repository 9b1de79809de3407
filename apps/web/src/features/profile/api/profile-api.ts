import type { ChangePasswordResult, Identity, SaveIdentity } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';
import { loadAuthInfo } from '@/lib/auth.ts';
import { storeTokens } from '@/lib/session.ts';

/** POST /Identity/Save with only the fields the form changes (the schema is strict). */
export async function saveProfile(changes: SaveIdentity): Promise<Identity> {
  const saved = await apiPost<Identity>('/Identity/Save', { body: changes });
  await loadAuthInfo();
  return saved;
}

/** POST /User/ChangePassword: the answer carries new tokens, which replace the old ones. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<string> {
  const result = await apiPost<ChangePasswordResult>('/User/ChangePassword', {
    body: { currentPassword, newPassword },
    quiet: true,
  });
  storeTokens({ token: result.token, refresh_token: result.refresh_token });
  return result.message;
}
