import type { StockStatus } from './validation';

/**
 * Where a product's stock stands, the one TypeScript definition: out at 0,
 * low when above 0 but at or under its reorder level, in stock otherwise (no
 * reorder level: never low). The database's is `stock_status` in
 * backend/src/db/triggers/stock-status.sql; a test holds the two to the same
 * table of cases. Low Stock products are In Stock too, as the inStock filter
 * and field have it.
 */
export function stockStatus(quantity: number, reorderLevel: number | null | undefined): StockStatus {
  if (quantity === 0) return 'OUT_OF_STOCK';
  if (reorderLevel !== null && reorderLevel !== undefined && quantity <= reorderLevel) return 'LOW_STOCK';
  return 'IN_STOCK';
}
