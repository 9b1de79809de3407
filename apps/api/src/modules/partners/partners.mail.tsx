import type { PartnerRequest } from '@store/contracts';
import { Amounts, Layout, type Mail, P, renderMail } from '../mail/index.ts';

/** The mail the store receives for one ambassador application; every value is text, never markup. */
export function partnerRequestMail(to: string, request: PartnerRequest): Promise<Mail> {
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
  const filled = rows.map(([label, value]): [string, string] => [label, oneLine(value) || '-']);
  return renderMail(
    { to, kind: 'partner-request', subject: `Ambassador application: ${name}` },
    <Layout
      preview={`${name} applied to become an ambassador.`}
      heading="A new ambassador application"
      cta={{ label: `Reply to ${name}`, url: `mailto:${oneLine(request.email)}` }}
      reason="Sent to the store by the ambassador form of the website."
    >
      <P>{name} applied on the Become an Ambassador page:</P>
      <Amounts rows={filled} />
    </Layout>,
  );
}

/** Line breaks could forge mail headers or table rows; they become spaces. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}
