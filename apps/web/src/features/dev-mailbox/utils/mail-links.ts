/** Links of one mail, for the dev mailbox (pure, so it is tested without a browser). */

const TEXT_URL = /https?:\/\/[^\s<>"'`]+/g;
const HREF = /href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function isWebLink(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** Every http(s) link of the text version, then of the HTML version, once each, in order. */
export function extractLinks(text: string, html: string): string[] {
  const links: string[] = [];
  for (const match of text.matchAll(TEXT_URL)) links.push(match[0].replace(TRAILING_PUNCTUATION, ''));
  for (const match of html.matchAll(HREF)) {
    const href = decodeEntities((match[1] ?? match[2] ?? '').trim());
    if (isWebLink(href)) links.push(href);
  }
  return [...new Set(links)];
}

/** Splits text into plain parts and links, so the text version can be shown with clickable links. */
export function linkify(text: string): Array<{ kind: 'text' | 'link'; value: string }> {
  const parts: Array<{ kind: 'text' | 'link'; value: string }> = [];
  let last = 0;
  for (const match of text.matchAll(TEXT_URL)) {
    const link = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: 'link', value: link });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

/**
 * The HTML version as an iframe `srcdoc`: links open in the whole tab (`<base target="_top">`),
 * because a page of the store refuses to load inside a frame.
 */
export function mailDocument(html: string): string {
  const base = '<base target="_top">';
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}${base}`);
  return `<!doctype html><html><head><meta charset="utf-8">${base}</head><body>${html}</body></html>`;
}
