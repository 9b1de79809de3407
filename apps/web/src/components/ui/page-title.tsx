import { useEffect } from 'react';

/** Sets the document title for pages that have no full SEO record. */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} | Sample First`;
  }, [title]);
  return null;
}
