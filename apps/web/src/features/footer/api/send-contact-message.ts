import type { ContactMessage } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/** POST /api/contact/SendContactEmail with the spec's body {Name, Email, Text}. */
export function sendContactMessage(message: ContactMessage): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/contact/SendContactEmail', {
    body: { Name: message.name, Email: message.email, Text: message.text },
  });
}
