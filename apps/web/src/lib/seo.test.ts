import { describe, expect, it } from 'vitest';
import {
  buildHeadTags,
  documentTitle,
  SOCIAL_DESCRIPTION_MAX,
  socialDescription,
  toOneLine,
} from '@/lib/seo.ts';

const ORIGIN = 'https://store.example';

function metaOf(tags: ReturnType<typeof buildHeadTags>, key: string): string | undefined {
  return tags.meta.find((m) => m.key === key)?.content;
}

describe('socialDescription', () => {
  it('keeps a short description as it is', () => {
    expect(socialDescription('Try 4 samples.')).toBe('Try 4 samples.');
  });

  it('cuts at 155 characters and adds an ellipsis', () => {
    const long = 'a'.repeat(200);
    const card = socialDescription(long);
    expect(card).toBe(`${'a'.repeat(SOCIAL_DESCRIPTION_MAX)}...`);
    expect(card.length).toBe(158);
  });

  it('does not add an ellipsis at exactly 155 characters', () => {
    expect(socialDescription('b'.repeat(155))).toBe('b'.repeat(155));
  });

  it('turns line breaks into spaces before cutting', () => {
    expect(socialDescription('First line\nsecond line\r\n\r\nthird')).toBe('First line second line third');
  });
});

describe('toOneLine', () => {
  it('collapses runs of whitespace', () => {
    expect(toOneLine('  a \n\n b   c ')).toBe('a b c');
  });
});

describe('documentTitle', () => {
  it('adds the store name after the page title', () => {
    expect(documentTitle('Privacy Policy')).toBe('Privacy Policy | Sample First');
  });
  it('uses the store name alone when the page has none or is the store itself', () => {
    expect(documentTitle('')).toBe('Sample First');
    expect(documentTitle('Sample First')).toBe('Sample First');
  });
});

describe('buildHeadTags', () => {
  const tags = buildHeadTags(
    {
      title: 'Become an Ambassador!',
      description: 'Apply to partner\nwith us.',
      image: '/site/ambassador.png',
      imageAlt: 'An athlete holding a sample packet',
      keywords: ['protein', 'ambassador', ' fitness '],
    },
    ORIGIN,
  );

  it('joins keywords with a comma and a space', () => {
    expect(metaOf(tags, 'keywords')).toBe('protein, ambassador, fitness');
  });

  it('makes the image absolute and gives its alt text', () => {
    expect(metaOf(tags, 'og:image')).toBe('https://store.example/site/ambassador.png');
    expect(metaOf(tags, 'twitter:image')).toBe('https://store.example/site/ambassador.png');
    expect(metaOf(tags, 'og:image:alt')).toBe('An athlete holding a sample packet');
  });

  it('sets a summary social card with the one-line description', () => {
    expect(metaOf(tags, 'twitter:card')).toBe('summary');
    expect(metaOf(tags, 'twitter:description')).toBe('Apply to partner with us.');
    expect(metaOf(tags, 'og:description')).toBe('Apply to partner with us.');
    expect(metaOf(tags, 'description')).toBe('Apply to partner with us.');
  });

  it('has no canonical link unless one is given', () => {
    expect(tags.canonical).toBeUndefined();
    expect(metaOf(tags, 'og:url')).toBeUndefined();
    const withCanonical = buildHeadTags({ title: 'Home', description: 'd', canonical: '/' }, ORIGIN);
    expect(withCanonical.canonical).toBe('https://store.example/');
    expect(metaOf(withCanonical, 'og:url')).toBe('https://store.example/');
  });

  it('falls back to the store card image and leaves keywords out when there are none', () => {
    const plain = buildHeadTags({ title: 'Home', description: 'd' }, ORIGIN);
    expect(metaOf(plain, 'og:image')).toBe('https://store.example/site/social-card.jpg');
    expect(metaOf(plain, 'og:image:alt')).toMatch(/sample packets/);
    expect(metaOf(plain, 'keywords')).toBeUndefined();
  });
});
