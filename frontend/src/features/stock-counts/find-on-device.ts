import { findLocalProduct, findLocalProductByCode, searchLocalProducts } from '../../lib/offline/product-copy';
import type { LocalProduct } from '../../lib/offline/offline-db';
import { searchTermOf } from '../../lib/product-code-lookup';
import { labelledProductId } from '../../lib/scanned-code';

/** What a code or name finds in the device's copy of the workspace's products. */
export type DeviceLookup = { term: string } & ({ kind: 'one'; product: LocalProduct } | { kind: 'several'; products: LocalProduct[] } | { kind: 'none' });

/**
 * A scanned or typed code (or name) looked up with no network, in the device's copy of the
 * products: the product of one of this app's own labels, the one whose SKU or barcode it is
 * exactly, else those whose name, SKU or barcode holds it (at most `limit`).
 */
export async function findOnDevice(code: string, limit: number, origin = window.location.origin): Promise<DeviceLookup> {
  const term = searchTermOf(code);
  const labelled = labelledProductId(code.trim(), origin);
  if (labelled) {
    const product = await findLocalProduct(labelled);
    return product ? { term, kind: 'one', product } : { term, kind: 'none' };
  }
  const exact = await findLocalProductByCode(term);
  if (exact) return { term, kind: 'one', product: exact };
  const products = await searchLocalProducts(term, limit);
  if (products.length === 0) return { term, kind: 'none' };
  return products.length === 1 ? { term, kind: 'one', product: products[0] } : { term, kind: 'several', products };
}
