import { PRERENDER_ORIGIN } from '@store/contracts';
import { useEffect } from 'react';
import { applyHeadTags, buildHeadTags, type SeoInput } from '@/lib/seo.ts';
import { reportSsrHead } from '@/lib/ssr-head.ts';

/** Sets the page's title, description, keywords, social card and canonical link while it is shown. */
export function useSeo(input: SeoInput): void {
  const { title, description, image, imageAlt, canonical } = input;
  const keywords = input.keywords?.join('\n');
  if (import.meta.env.SSR) {
    // All of them, social card included: crawlers of social networks read the HTML and run no script.
    const tags = buildHeadTags(input, PRERENDER_ORIGIN);
    reportSsrHead({ title: tags.title, tags });
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
