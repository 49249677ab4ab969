import { useEffect } from 'react';

/** Sets the tab title to "<page> · Verdant" so each public page is identifiable in history and tabs. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Verdant` : 'Verdant';
  }, [title]);
}
