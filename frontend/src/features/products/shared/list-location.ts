import { useLocation } from 'react-router-dom';
import { productListPath } from '../urls';

/**
 * Product pages hand the list's query string along in history state, so
 * "Back to Products" and Cancel return to the list as the user left it
 * (search, filter, sort, page), also after a reload of the detail page.
 */
export interface ProductNavState {
  listSearch?: string;
}

const listSearchOf = (state: unknown): string => {
  const value = (state as ProductNavState | null)?.listSearch;
  return typeof value === 'string' && (value === '' || value.startsWith('?')) ? value : '';
};

/** The state to pass on from this page, and the list URL to go back to. */
export function useListNavigation(): { navState: ProductNavState; listHref: string } {
  const location = useLocation();
  const listSearch = location.pathname === productListPath ? location.search : listSearchOf(location.state);
  return { navState: { listSearch }, listHref: `${productListPath}${listSearch}` };
}
