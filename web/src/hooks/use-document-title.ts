import { useEffect } from 'react';

/**
 * Keeps `document.title` in step with the page after client-side navigation (the server renders the
 * first load's head, R2.08); the previous title comes back when the page goes.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return undefined;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
