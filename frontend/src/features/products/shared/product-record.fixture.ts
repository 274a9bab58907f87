import type { ProductRecord } from './product-cache';

/* Products for the cache tests: each call a new one, numbered, newer than the one before. */

let serial = 0;

/** A complete product record (the fields every product operation returns), with `overrides` on top. */
export function productRecord(overrides: Partial<ProductRecord> = {}): ProductRecord {
  serial += 1;
  const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  return {
    id,
    name: `Product ${serial}`,
    description: `Description of product ${serial}`,
    price: 10,
    costPrice: null,
    category: 'Tools',
    quantity: 5,
    imageUrl: null,
    sku: null,
    barcode: null,
    reorderLevel: null,
    lowStock: false,
    featured: false,
    inStock: (overrides.quantity ?? 5) > 0,
    owner: 'owner-1',
    createdAt: new Date(Date.UTC(2025, 0, serial)).toISOString(),
    updatedAt: new Date(Date.UTC(2025, 0, serial)).toISOString(),
    version: 1,
    ...overrides,
  };
}

/** The record as the cache stores a Product. */
export const typedProduct = (p: ProductRecord) => ({ __typename: 'Product' as const, ...p });
