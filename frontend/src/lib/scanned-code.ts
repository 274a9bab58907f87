import { locationListPath, productListPath } from './urls';

/** The pages the app's own labels link to: a product's and a location's. */
const LABELLED_PAGES = [`${productListPath}/`, `${locationListPath}/`];

/** The path (and query) of a QR code from one of this app's own labels (a link to a product or a location here), else null. */
export function ownLabelPath(code: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(code);
  } catch {
    return null;
  }
  const labelled = LABELLED_PAGES.some((prefix) => url.pathname.startsWith(prefix) && url.pathname.length > prefix.length);
  // The query names the workspace the label was printed in.
  return url.origin === origin && labelled ? url.pathname + url.search : null;
}

/** The product id a QR code from one of this app's own product labels links to, else null. */
export function labelledProductId(code: string, origin: string): string | null {
  const path = ownLabelPath(code, origin);
  const prefix = `${productListPath}/`;
  if (!path?.startsWith(prefix)) return null;
  const id = decodeURIComponent(path.slice(prefix.length).split(/[?#]/)[0]);
  return id.includes('/') ? null : id;
}

/** The location whose code (any case) the scanned code is, as a location label's barcode carries it. */
export function locationForCode<T extends { code?: string | null }>(locations: readonly T[], code: string): T | null {
  const wanted = code.toLowerCase();
  return locations.find((location) => !!location.code && location.code.toLowerCase() === wanted) ?? null;
}

export interface ScanCandidate {
  id: string;
  sku?: string | null;
  barcode?: string | null;
}

/**
 * The one product a scanned code means, from the first results of searching
 * for it (exact SKU and barcode matches first), or null when it is not one.
 * A product whose SKU (any case) or barcode is the code is that product even
 * when others mention the code in their name; two with that barcode are a
 * choice for the user. Without an exact match, a single result is the one.
 */
export function productForCode<T extends ScanCandidate>(found: readonly T[], code: string): T | null {
  const exact = found.filter((p) => (!!p.sku && p.sku.toLowerCase() === code.toLowerCase()) || p.barcode === code);
  if (exact.length === 1) return exact[0];
  if (exact.length === 0 && found.length === 1) return found[0];
  return null;
}

/** What a search for a scanned or typed code found: the one product it means, several to choose from, or none. */
export type ProductCodeMatch<T> = { kind: 'one'; product: T } | { kind: 'several' } | { kind: 'none' };

/** `productForCode`'s answer told apart: with no one product, whether the search found any at all. */
export function productCodeMatch<T extends ScanCandidate>(found: readonly T[], code: string): ProductCodeMatch<T> {
  const product = productForCode(found, code);
  if (product) return { kind: 'one', product };
  return found.length > 0 ? { kind: 'several' } : { kind: 'none' };
}
