import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import { Fragment, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Mail } from './mailer.ts';

/*
 * The one layout of every mail the store sends (docs/decisions/015-emails-and-marketing-opt-in.md): the wordmark,
 * a heading, the order number when the mail is about an order, the body, ONE call-to-action
 * button, and a footer that says why the mail came and, on marketing mail only, the unsubscribe
 * link. React escapes every value; links must be absolute http(s) URLs.
 */

export const BRAND = 'Sample First';
const ORANGE = '#f26b1d';
const ORANGE_DARK = '#c2410c';
const INK = '#1f1a17';
const MUTED = '#5b524c';
const LINE = '#eadfd6';
const CREAM = '#fff6ee';
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** Only http(s) and mailto links reach a mail; anything else could smuggle a script URL. */
export function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (!['https:', 'http:', 'mailto:'].includes(parsed.protocol))
    throw new Error('Mail links must be http(s) or mailto.');
  return parsed.toString();
}

export interface LayoutProps {
  /** Shown in the inbox list under the subject. */
  preview: string;
  heading: string;
  /** The order as every page shows it (`displayOrderNumber`), when the mail is about one. */
  orderNumber?: string;
  cta: { label: string; url: string };
  children: ReactNode;
  /** Small print under the button. */
  footnote?: string;
  /** Why this mail came (one sentence); marketing mail also carries its unsubscribe link. */
  reason: string;
  unsubscribeUrl?: string;
}

export function Layout(props: LayoutProps): ReactElement {
  const href = safeUrl(props.cta.url);
  const unsubscribe = props.unsubscribeUrl ? safeUrl(props.unsubscribeUrl) : undefined;
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <title>{props.heading}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ margin: 0, padding: '24px 12px', background: CREAM, fontFamily: FONT, color: INK }}>
        <Container style={{ maxWidth: 560, background: '#ffffff', borderRadius: 12, overflow: 'hidden' }}>
          <Section
            style={{
              background: ORANGE,
              // White on these oranges is at least 3:1, enough for the large bold wordmark.
              backgroundImage: `linear-gradient(90deg,${ORANGE},${ORANGE_DARK})`,
              padding: '18px 28px',
            }}
          >
            <Text
              style={{
                margin: 0,
                color: '#ffffff',
                fontSize: 22,
                lineHeight: '28px',
                fontWeight: 800,
                letterSpacing: '0.3px',
              }}
            >
              {BRAND}
            </Text>
          </Section>
          <Section style={{ padding: '28px 28px 8px' }}>
            <Heading as="h1" style={{ margin: '0 0 8px', fontSize: 24, lineHeight: '32px', color: INK }}>
              {props.heading}
            </Heading>
            {props.orderNumber ? (
              <Text style={{ margin: '0 0 16px', fontSize: 14, lineHeight: '20px', color: MUTED }}>
                Order <strong style={{ color: INK }}>{props.orderNumber}</strong>
              </Text>
            ) : null}
            {props.children}
            <Section style={{ margin: '24px 0 8px' }}>
              <Button
                href={href}
                style={{
                  // Darker than the header: white 16px text needs 4.5:1.
                  background: ORANGE_DARK,
                  backgroundImage: `linear-gradient(90deg,#d9480f,${ORANGE_DARK})`,
                  color: '#ffffff',
                  fontSize: 16,
                  fontWeight: 700,
                  borderRadius: 999,
                  padding: '14px 28px',
                  textDecoration: 'none',
                }}
              >
                {props.cta.label}
              </Button>
            </Section>
            {href.startsWith('http') ? (
              <Text
                data-skip-in-text="true"
                style={{ margin: '0 0 16px', fontSize: 13, lineHeight: '20px', color: MUTED }}
              >
                If the button does not work, copy this link into your browser:{' '}
                <Link href={href} style={{ color: ORANGE_DARK, wordBreak: 'break-all' }}>
                  {href}
                </Link>
              </Text>
            ) : null}
            {props.footnote ? (
              <Text style={{ margin: '0 0 16px', fontSize: 13, lineHeight: '20px', color: MUTED }}>
                {props.footnote}
              </Text>
            ) : null}
          </Section>
          <Hr style={{ borderColor: LINE, margin: 0 }} />
          <Section style={{ padding: '16px 28px 20px' }}>
            <Text style={{ margin: 0, fontSize: 12, lineHeight: '18px', color: MUTED }}>
              {BRAND} · Protein-powder samples, delivered in the U.S.
            </Text>
            <Text style={{ margin: '6px 0 0', fontSize: 12, lineHeight: '18px', color: MUTED }}>
              {props.reason}
            </Text>
            {unsubscribe ? (
              <Text style={{ margin: '6px 0 0', fontSize: 12, lineHeight: '18px', color: MUTED }}>
                Do not want our news and offers?{' '}
                <Link href={unsubscribe} style={{ color: ORANGE_DARK }}>
                  Unsubscribe
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the mail's body. */
export function P({ children }: { children: ReactNode }): ReactElement {
  return <Text style={{ margin: '0 0 16px', fontSize: 16, lineHeight: '24px', color: INK }}>{children}</Text>;
}

/**
 * One product line of a mail: its name, and its picture as an absolute address under the store's
 * PUBLIC_URL when the mail shows it (docs/product.md#mails).
 */
export type ItemLine = string | { name: string; image?: string | null };

/** A demo catalog picture (SVG) and its PNG drawn for mails by scripts/generate-mail-pictures.mjs. */
const CATALOG_SVG = /^\/catalog\/products\/([\w-]+)\.svg$/;

/**
 * The product's picture at the store's address, for a mail (absolute, http(s) only). Gmail and
 * Outlook show no SVG, so a demo catalog picture is sent as its PNG copy under /catalog/mail/.
 */
export function pictureUrl(publicUrl: string, path: string | null | undefined): string | null {
  if (!path) return null;
  const png = CATALOG_SVG.exec(path);
  const picture = png ? `/catalog/mail/${png[1]}.png` : path;
  try {
    return safeUrl(new URL(picture, `${publicUrl.replace(/\/+$/, '')}/`).toString());
  } catch {
    return null;
  }
}

/** A list of products (the box's samples, the parcel's tubs), one per line, with its picture when known. */
export function Items({ title, items }: { title: string; items: ItemLine[] }): ReactElement | null {
  if (items.length === 0) return null;
  return (
    <Section style={{ margin: '0 0 16px', padding: '12px 16px', background: CREAM, borderRadius: 8 }}>
      <Text style={{ margin: '0 0 6px', fontSize: 14, lineHeight: '20px', fontWeight: 700, color: INK }}>
        {title}
      </Text>
      {items.map((item, index) => {
        const line = typeof item === 'string' ? { name: item, image: null } : item;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static; two lines may read alike.
          <Fragment key={index}>
            {line.image ? (
              <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 6px' }}>
                <tbody>
                  <tr>
                    <td style={{ width: 56, verticalAlign: 'middle' }}>
                      <Img
                        src={safeUrl(line.image)}
                        alt=""
                        width={48}
                        height={48}
                        style={{ borderRadius: 6, background: '#ffffff' }}
                      />
                    </td>
                    <td style={{ fontSize: 15, lineHeight: '22px', color: INK, verticalAlign: 'middle' }}>
                      {line.name}
                    </td>
                  </tr>
                </tbody>
              </table>
            ) : (
              <Text style={{ margin: '0 0 4px', fontSize: 15, lineHeight: '22px', color: INK }}>
                • {line.name}
              </Text>
            )}
          </Fragment>
        );
      })}
    </Section>
  );
}

/** Label/amount rows of a receipt; the last row (the total) is bold. */
export function Amounts({ rows }: { rows: [string, string][] }): ReactElement {
  return (
    <table
      className="amounts"
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderTop: `1px solid ${LINE}`, margin: '8px 0 8px', fontSize: 15, lineHeight: '22px' }}
    >
      <tbody>
        {rows.map(([label, value], index) => {
          const total = label.startsWith('Total');
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are static and may repeat a label.
            <tr key={index}>
              <td
                style={{
                  padding: '6px 0',
                  color: total ? INK : MUTED,
                  fontWeight: total ? 700 : 400,
                  borderTop: total ? `1px solid ${LINE}` : undefined,
                }}
              >
                {label}
              </td>
              <td
                style={{
                  padding: '6px 0 6px 12px',
                  textAlign: 'right',
                  fontWeight: total ? 800 : 600,
                  whiteSpace: 'nowrap',
                  borderTop: total ? `1px solid ${LINE}` : undefined,
                }}
              >
                {value}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The plain-text part: headings keep their case, lines are not wrapped (links and order numbers
 * stay whole), receipt rows stay label and amount on one line.
 */
const TEXT_OPTIONS = {
  wordwrap: false as const,
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'table.amounts', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

/**
 * The plain-text converter, compiled once: React Email's own text rules (images skipped, a link's
 * address beside its text) and ours. Converting per mail with fresh options recompiled every
 * selector and rendered the element a second time, about half of a mail's cost.
 */
const toText = compile({
  ...TEXT_OPTIONS,
  selectors: [...plainTextSelectors, ...TEXT_OPTIONS.selectors],
});

/** The doctype mail clients expect before a table layout's HTML. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Renders one mail: the HTML part, and its plain-text part converted from that HTML.
 *
 * The markup comes from React's synchronous static renderer, not React Email's `render`: that one
 * goes through React's Node stream renderer, which runs its work inside an AsyncLocalStorage, and
 * once any AsyncLocalStorage has run, Node calls a hook at every promise the process creates from
 * then on. After the first mail, every request paid for it
 * (docs/performance.md#a-mail-slowed-every-request). No mail template suspends, so the static renderer gives the same document.
 */
export async function renderMail(
  head: { kind: string; to: string; subject: string },
  element: ReactElement,
): Promise<Mail> {
  const html = DOCTYPE + renderToStaticMarkup(element);
  return { ...head, html, text: toText(html) };
}
