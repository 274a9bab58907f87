import { APP_NAME } from '@stockroom/schema';
import { useEffect } from 'react';

/** 'Sign In - Stockroom': every screen's title is its name, then the app's. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - ${APP_NAME}`;
  }, [title]);
}
