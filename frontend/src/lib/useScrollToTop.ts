import { useEffect } from 'react';

/**
 * The declarative router keeps the window's scroll position between pages;
 * a page that opens from far down a list calls this to start at its top.
 */
export function useScrollToTop(key: unknown): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
}
