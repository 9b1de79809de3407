import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** One stored email, as GET /api/dev/mailbox lists it. */
export interface DevMail {
  id: string;
  /** What the mail is for: "verify-email", "reset-password", ... */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** ISO timestamp. */
  createdAt: string;
}

export const mailboxKey = 'dev/mailbox';

/** GET /api/dev/mailbox: every mail the store sent, newest first (404 in production). */
export async function getMailbox(): Promise<DevMail[]> {
  const mails = await apiGet<DevMail[]>('/dev/mailbox', { quiet: true });
  return [...mails].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function useMailbox() {
  return useApi(mailboxKey, getMailbox);
}

/** One template of GET /api/dev/mailbox/templates: a mail the store sends, rendered with sample data. */
export interface DevTemplate {
  id: string;
  kind: string;
  /** What the mail is for ("Box shipped"). */
  title: string;
  /** Marketing mail: it carries the unsubscribe link. */
  marketing: boolean;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export const templatesKey = 'dev/mailbox/templates';

/** GET /api/dev/mailbox/templates: every template the store sends (404 in production). */
export function getTemplates(): Promise<DevTemplate[]> {
  return apiGet<DevTemplate[]>('/dev/mailbox/templates', { quiet: true });
}

export function useTemplates(enabled: boolean) {
  return useApi(enabled ? templatesKey : null, getTemplates);
}
