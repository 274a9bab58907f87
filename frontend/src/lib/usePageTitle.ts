import { APP_NAME } from '@stockroom/schema';
import { useEffect } from 'react';

/** 'Sign In - Stockroom': every screen's title follows the pattern of section 2. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - ${APP_NAME}`;
  }, [title]);
}
