import { blankProductValues, stockStatus } from '@stockroom/schema';
import type { ProductJson } from '../events/event.types';

const QUANTITY = 3;
const REORDER_LEVEL = 5;

/** The made-up product of a test event: the shape of a real one, with an id no product has. */
export function sampleProduct(creatorId: string): ProductJson {
  const now = new Date().toISOString();
  const given = {
    id: '00000000-0000-4000-8000-000000000000',
    owner: creatorId,
    name: 'Test product',
    description: 'A product made up for a test delivery',
    price: 9.99,
    category: 'Test',
    quantity: QUANTITY,
    inStock: stockStatus(QUANTITY, REORDER_LEVEL) !== 'OUT_OF_STOCK',
    reorderLevel: REORDER_LEVEL,
    lowStock: stockStatus(QUANTITY, REORDER_LEVEL) === 'LOW_STOCK',
    imageUrl: null,
    sku: 'TEST-1',
    barcode: null,
    featured: false,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  // A field the sample leaves out is empty, as on a real product without it.
  const rest = Object.entries(blankProductValues()).filter(([key]) => !(key in given));
  return { ...given, ...Object.fromEntries(rest) } as ProductJson;
}
