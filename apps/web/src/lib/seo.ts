/** What a page says about itself to browsers, search engines and social cards (docs/product.md#states-and-flows). */
export interface SeoInput {
  /** The page's own title; the store's name is added after it. */
  title: string;
  description: string;
  /** Site-relative or absolute path of the card image. */
  image?: string;
  keywords?: readonly string[];
  /** Describes the image for people who cannot see it (og:image:alt). */
  imageAlt?: string;
  /** The canonical URL; the link is set only when one is given. */
  canonical?: string;
}

export const SITE_NAME = 'Sample First';
export const DEFAULT_SEO_IMAGE = '/site/social-card.jpg';
export const DEFAULT_SEO_IMAGE_ALT =
  'Four protein powder sample packets beside a Sample First box on an orange background';

/** Social cards cut the description here (docs/product.md#constants). */
export const SOCIAL_DESCRIPTION_MAX = 155;

/** One `<meta>` element: `name="…"` for plain tags, `property="…"` for Open Graph. */
export interface MetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

export interface HeadTags {
  title: string;
  meta: MetaTag[];
  canonical: string | undefined;
}

/** Line breaks become spaces and runs of spaces one space. */
export function toOneLine(text: string): string {
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The social card's description: one line, cut at 155 characters plus an ellipsis. */
export function socialDescription(text: string): string {
  const line = toOneLine(text);
  return line.length > SOCIAL_DESCRIPTION_MAX ? `${line.slice(0, SOCIAL_DESCRIPTION_MAX)}...` : line;
}

/** The document title: "Page | Sample First", or the store's name alone. */
export function documentTitle(title: string): string {
  const trimmed = title.trim();
  return !trimmed || trimmed === SITE_NAME ? SITE_NAME : `${trimmed} | ${SITE_NAME}`;
}

/** Social cards need absolute image URLs. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, origin).href;
}

/** Every head tag of a page, as data; `applyHeadTags` writes them into the document. */
export function buildHeadTags(input: SeoInput, origin: string): HeadTags {
  const title = documentTitle(input.title);
  const description = toOneLine(input.description);
  const card = socialDescription(input.description);
  const image = absoluteUrl(input.image ?? DEFAULT_SEO_IMAGE, origin);
  const imageAlt = input.imageAlt ?? (input.image ? input.title : DEFAULT_SEO_IMAGE_ALT);
  const canonical = input.canonical ? absoluteUrl(input.canonical, origin) : undefined;
  const meta: MetaTag[] = [
    { attribute: 'name', key: 'description', content: description },
    { attribute: 'property', key: 'og:site_name', content: SITE_NAME },
    { attribute: 'property', key: 'og:type', content: 'website' },
    { attribute: 'property', key: 'og:title', content: title },
    { attribute: 'property', key: 'og:description', content: card },
    { attribute: 'property', key: 'og:image', content: image },
    { attribute: 'property', key: 'og:image:alt', content: imageAlt },
    { attribute: 'name', key: 'twitter:card', content: 'summary' },
    { attribute: 'name', key: 'twitter:title', content: title },
    { attribute: 'name', key: 'twitter:description', content: card },
    { attribute: 'name', key: 'twitter:image', content: image },
    { attribute: 'name', key: 'twitter:image:alt', content: imageAlt },
  ];
  const keywords = (input.keywords ?? []).map((k) => k.trim()).filter(Boolean);
  if (keywords.length) meta.push({ attribute: 'name', key: 'keywords', content: keywords.join(', ') });
  if (canonical) meta.push({ attribute: 'property', key: 'og:url', content: canonical });
  return { title, meta, canonical };
}

/** Tags this module wrote, so a page without a canonical URL removes the previous page's. */
const OWNED = 'data-seo';

/** Writes the tags into `doc`: updates existing ones, removes what the new page does not set. */
export function applyHeadTags(doc: Document, tags: HeadTags): void {
  doc.title = tags.title;
  const keep = new Set<Element>();
  for (const tag of tags.meta) {
    const selector = `meta[${tag.attribute}="${tag.key}"]`;
    let element = doc.head.querySelector(selector);
    if (!element) {
      element = doc.createElement('meta');
      element.setAttribute(tag.attribute, tag.key);
      doc.head.appendChild(element);
    }
    element.setAttribute('content', tag.content);
    element.setAttribute(OWNED, '');
    keep.add(element);
  }
  for (const stale of doc.head.querySelectorAll(`meta[${OWNED}]`)) if (!keep.has(stale)) stale.remove();

  const link = doc.head.querySelector('link[rel="canonical"]');
  if (tags.canonical) {
    const canonical = link ?? doc.head.appendChild(doc.createElement('link'));
    canonical.setAttribute('rel', 'canonical');
    canonical.setAttribute('href', tags.canonical);
  } else {
    link?.remove();
  }
}
