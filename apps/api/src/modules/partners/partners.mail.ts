import type { PartnerRequest } from '@store/contracts';
import type { Mail } from '../mail/mailer.ts';

/** The mail the store receives for one ambassador application; every value is escaped. */
export function partnerRequestMail(to: string, request: PartnerRequest): Mail {
  const name = oneLine(`${request.firstName} ${request.lastName}`);
  const rows: [string, string][] = [
    ['Name', name],
    ['Email', request.email],
    ['Phone', request.phone],
    ['Fitness type', request.fitnessType ?? ''],
    ['Instagram', request.instagram ?? ''],
    ['TikTok', request.tiktok ?? ''],
    ['Other socials', request.otherSocials ?? ''],
  ];
  const filled = rows.map(([label, value]) => [label, oneLine(value) || '-'] as const);
  return {
    to,
    kind: 'partner-request',
    subject: `Ambassador application: ${name}`,
    text: `A new ambassador application:\n\n${filled.map(([l, v]) => `${l}: ${v}`).join('\n')}\n`,
    html:
      '<p>A new ambassador application:</p>\n<table>\n' +
      filled.map(([l, v]) => `<tr><th align="left">${l}</th><td>${escapeHtml(v)}</td></tr>`).join('\n') +
      '\n</table>',
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Line breaks could forge mail headers or table rows; they become spaces. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}
