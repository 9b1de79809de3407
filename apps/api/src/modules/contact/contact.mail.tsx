import type { ContactMessage } from '@store/contracts';
import { Layout, type Mail, P, renderMail } from '../mail/index.ts';

/** The mail the store receives for one contact message; the sender's words are text, never markup. */
export function contactMail(to: string, message: ContactMessage): Promise<Mail> {
  const name = oneLine(message.name);
  const email = oneLine(message.email);
  return renderMail(
    { to, kind: 'contact', subject: `Contact form: message from ${name}` },
    <Layout
      preview={message.text.slice(0, 90)}
      heading={`A message from ${name}`}
      cta={{ label: `Reply to ${name}`, url: `mailto:${email}` }}
      reason="Sent to the store by the contact form of the website."
    >
      <P>
        From: {name} &lt;{email}&gt;
      </P>
      {message.text.split(/\r?\n/).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one message never move.
        <P key={index}>{line}</P>
      ))}
    </Layout>,
  );
}

/** Line breaks in a subject or header line could forge headers; they become spaces. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}
