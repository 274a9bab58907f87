import { useLocation } from 'react-router-dom';

/**
 * Product pages hand the list's query string along in history state, so
 * "Back to Products" and Cancel return to the list as the user left it
 * (search, filter, sort, page), also after a reload of the detail page.
 */
export interface ProductNavState {
  listSearch?: string;
}

export const PRODUCTS_PATH = '/products';
export const productPath = (id: string) => `${PRODUCTS_PATH}/${encodeURIComponent(id)}`;
export const productEditPath = (id: string) => `${productPath(id)}/edit`;
export const NEW_PRODUCT_PATH = `${PRODUCTS_PATH}/new`;

const listSearchOf = (state: unknown): string => {
  const value = (state as ProductNavState | null)?.listSearch;
  return typeof value === 'string' && (value === '' || value.startsWith('?')) ? value : '';
};

/** The state to pass on from this page, and the list URL to go back to. */
export function useListNavigation(): { navState: ProductNavState; listHref: string } {
  const location = useLocation();
  const listSearch = location.pathname === PRODUCTS_PATH ? location.search : listSearchOf(location.state);
  return { navState: { listSearch }, listHref: `${PRODUCTS_PATH}${listSearch}` };
}
