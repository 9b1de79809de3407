import { useEffect } from 'react';
import { reportSsrHead } from '@/lib/ssr-head.ts';

/** Sets the document title for pages that have no full SEO record. */
export function PageTitle({ title }: { title: string }) {
  if (import.meta.env.SSR) reportSsrHead({ title: `${title} | Sample First` });
  useEffect(() => {
    document.title = `${title} | Sample First`;
  }, [title]);
  return null;
}
