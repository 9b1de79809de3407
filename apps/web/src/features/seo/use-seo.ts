import { useEffect } from 'react';
import { applyHeadTags, buildHeadTags, type SeoInput } from './seo.ts';

/** Sets the page's title, description, keywords, social card and canonical link while it is shown. */
export function useSeo(input: SeoInput): void {
  const { title, description, image, imageAlt, canonical } = input;
  const keywords = input.keywords?.join('\n');
  useEffect(() => {
    const tags = buildHeadTags(
      {
        title,
        description,
        image,
        imageAlt,
        canonical,
        keywords: keywords ? keywords.split('\n') : undefined,
      },
      window.location.origin,
    );
    applyHeadTags(document, tags);
  }, [title, description, image, imageAlt, canonical, keywords]);
}
