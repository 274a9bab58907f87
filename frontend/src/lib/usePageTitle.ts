import { APP_NAME } from '@stockroom/schema';
import { useEffect } from 'react';

/** The title the page rendered at build time asked for: its page shell's <title>, so a tab is named before the script runs. */
let renderedTitle: string | undefined;

/** The title noted while a page shell was rendered (no document then, and no effects run). */
export function takeRenderedTitle(): string | undefined {
  const title = renderedTitle;
  renderedTitle = undefined;
  return title;
}

/** 'Sign In - Stockroom': every screen's title is its name, then the app's. */
export const pageTitleOf = (title: string) => `${title} - ${APP_NAME}`;

export function usePageTitle(title: string): void {
  const full = pageTitleOf(title);
  if (typeof document === 'undefined') renderedTitle = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
