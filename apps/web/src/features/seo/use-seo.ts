import { PRERENDER_ORIGIN } from '@store/contracts';
import { useEffect } from 'react';
import { reportSsrHead } from '@/lib/ssr-head.ts';
import { applyHeadTags, buildHeadTags, documentTitle, type SeoInput, toOneLine } from './seo.ts';

/** Sets the page's title, description, keywords, social card and canonical link while it is shown. */
export function useSeo(input: SeoInput): void {
  const { title, description, image, imageAlt, canonical } = input;
  const keywords = input.keywords?.join('\n');
  if (import.meta.env.SSR) {
    reportSsrHead({
      title: documentTitle(title),
      description: toOneLine(description),
      keywords: input.keywords,
      // Crawlers of social networks read the HTML and run no script.
      tags: buildHeadTags(input, PRERENDER_ORIGIN),
    });
  }
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
