import type { Register } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/** POST /User/Register?referralCode: creates the account and mails the verification link. */
export function registerAccount(form: Register, referralCode?: string | null): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/User/Register', {
    query: { referralCode: referralCode || undefined },
    body: form,
  });
}
