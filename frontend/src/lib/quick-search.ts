import { createContext, useContext } from 'react';

/**
 * Where the header's search button meets the quick search: components/ may
 * not import a feature, so the feature provides this and the button asks
 * for it. Outside the provider (signed out) there is nothing to open.
 */
export interface QuickSearchControl {
  /** Whether a quick search is offered (the person is signed in). */
  available: boolean;
  open(): void;
}

export const QuickSearchContext = createContext<QuickSearchControl>({ available: false, open: () => undefined });

export const useQuickSearch = () => useContext(QuickSearchContext);
