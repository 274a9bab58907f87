import { PAGINATION, Rules } from '@stockroom/schema';
import type { ProductListInput } from '@stockroom/schema/generated/graphql';
import { adminPath, dashboardPath, helpPath, locationListPath, productListPath, productNewPath, productPath, profileEditPath, stockCountListPath, workspaceMembersPath } from './urls';

/** One line of the quick search: a product of the signed-in user, or a page of the app. */
export interface QuickSearchItem {
  /** Unique within the list; also the option's DOM id suffix. */
  key: string;
  kind: 'product' | 'page';
  label: string;
  /** A second line: a product's SKU (when it has one), category and stock. */
  detail?: string;
  path: string;
}

/** How many products a quick search shows: enough to pick from, few enough to read on a phone. */
export const QUICK_SEARCH_PRODUCT_LIMIT = 8;
/** How long typing must pause before the products are asked for. */
export const QUICK_SEARCH_DEBOUNCE_MS = 250;

const PAGES: readonly { label: string; path: string; keywords: string; adminOnly?: boolean }[] = [
  { label: 'Dashboard', path: dashboardPath, keywords: 'home overview stats activity' },
  { label: 'Products', path: productListPath, keywords: 'inventory list catalogue stock' },
  { label: 'New product', path: productNewPath, keywords: 'add create' },
  { label: 'Locations', path: locationListPath, keywords: 'places stockroom shelf bin warehouse move transfer' },
  { label: 'Stock counts', path: stockCountListPath, keywords: 'stocktake inventory count audit review' },
  { label: 'Members', path: workspaceMembersPath, keywords: 'team workspace roles invite people staff' },
  { label: 'Profile', path: profileEditPath, keywords: 'account name email password avatar' },
  { label: 'Help', path: helpPath, keywords: 'support questions' },
  { label: 'Admin', path: adminPath, keywords: 'users administration', adminOnly: true },
];

/** The app's pages whose name (or what they are for) holds the text; all of them for no text. Admin only for admins. */
export function matchingPages(text: string, isAdmin: boolean): QuickSearchItem[] {
  const needle = text.trim().toLocaleLowerCase();
  return PAGES.filter((page) => (isAdmin || !page.adminOnly) && (needle === '' || `${page.label} ${page.keywords}`.toLocaleLowerCase().includes(needle))).map(
    (page) => ({ key: `page:${page.path}`, kind: 'page', label: page.label, path: page.path }),
  );
}

/**
 * The product list query a quick search sends, or null when there is nothing
 * to look for. It is the list's own `search`, so whatever the server matches
 * there (part of the name, description, category or SKU, an exact barcode)
 * the quick search finds, an exact SKU or barcode first.
 */
export function productSearchInput(text: string): ProductListInput | null {
  const search = [...text.trim()].slice(0, Rules.search.max).join('');
  if (search === '') return null;
  return { search, limit: Math.min(QUICK_SEARCH_PRODUCT_LIMIT, PAGINATION.maxLimit) };
}

export interface FoundProduct {
  id: string;
  name: string;
  sku?: string | null;
  category: string;
  quantity: number;
}

export function productItems(products: readonly FoundProduct[]): QuickSearchItem[] {
  return products.map((product) => ({
    key: `product:${product.id}`,
    kind: 'product',
    label: product.name,
    detail: [product.sku, product.category, product.quantity > 0 ? `${product.quantity} in stock` : 'Out of stock'].filter(Boolean).join(' · '),
    path: productPath(product.id),
  }));
}
