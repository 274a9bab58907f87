/**
 * How the device's copy of the products is searched, by the quick search and by the product list
 * with no network: one rule for both, so they find the same products for the same text.
 */

/** What a product of the copy needs for the search. */
export interface SearchableProduct {
  name: string;
  sku: string | null;
  barcode: string | null;
  /** Lower-cased name, SKU and barcode (searchTextOf). */
  text: string;
}

/** The text a product is searched by: its name, SKU and barcode, lower-cased. */
export const searchTextOf = (product: Pick<SearchableProduct, 'name' | 'sku' | 'barcode'>) =>
  [product.name, product.sku, product.barcode].filter(Boolean).join('\n').toLocaleLowerCase();

const byName = (a: SearchableProduct, b: SearchableProduct) => a.name.localeCompare(b.name);

/**
 * The products whose name, SKU or barcode holds the text (any case), an exact SKU or barcode
 * first, then by name; with no text (only spaces), every product by name.
 */
export function matchProducts<T extends SearchableProduct>(products: readonly T[], text: string): T[] {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return [...products].sort(byName);
  const exact = (product: T) => product.sku?.toLocaleLowerCase() === needle || product.barcode?.toLocaleLowerCase() === needle;
  return products.filter((product) => product.text.includes(needle)).sort((a, b) => Number(exact(b)) - Number(exact(a)) || byName(a, b));
}
