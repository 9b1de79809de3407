import type { ContactMessage } from '@store/contracts';
import type { Mail } from '../mail/mailer.ts';

/** The mail the store receives for one contact message; the sender's words are escaped, never markup. */
export function contactMail(to: string, message: ContactMessage): Mail {
  const name = oneLine(message.name);
  const email = oneLine(message.email);
  return {
    to,
    kind: 'contact',
    subject: `Contact form: message from ${name}`,
    text: `From: ${name} <${email}>\n\n${message.text}\n`,
    html:
      `<p><strong>From:</strong> ${escapeHtml(name)} &lt;${escapeHtml(email)}&gt;</p>\n` +
      `<p>${escapeHtml(message.text).replace(/\r?\n/g, '<br>')}</p>`,
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Line breaks in a subject or header line could forge headers; they become spaces. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}
