import { useEffect } from 'react';
import { businessName } from './business-name';

/** A page's own title, most specific first: 'Admin · Users · Northbound Athletics'. */
export function pageTitle(...parts: Array<string | null | undefined>): string {
  return [...parts.filter((part): part is string => Boolean(part)), businessName].join(' · ');
}

/** Sets the document title while the page shows (a tab, the history list and a screen reader name the page by it). */
export function usePageTitle(...parts: Array<string | null | undefined>): void {
  const title = pageTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
