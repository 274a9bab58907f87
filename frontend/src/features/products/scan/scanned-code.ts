import { productListPath } from '../urls';

/** The path of a QR code from one of this app's own labels (a link to a product here), else null. */
export function ownProductPath(code: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(code);
  } catch {
    return null;
  }
  const prefix = `${productListPath}/`;
  if (url.origin !== origin || !url.pathname.startsWith(prefix) || url.pathname.length === prefix.length) return null;
  return url.pathname;
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
