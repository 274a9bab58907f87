import type { ProductView } from './product-view.types';

/**
 * The product row as every module that reads or writes `products` shares it:
 * the catalogue, the trash, bulk changes, imports and stock changes answer
 * with these columns, and the event relay shows a stored row through them, so
 * a webhook sees a product exactly as the API sends it.
 */

/** The columns of a product as both transports send it (see product-view.types.ts). */
export const PRODUCT_COLUMNS = `id, owner_id AS "owner", name, description, price::float8 AS price, category, quantity,
  quantity > 0 AS "inStock", reorder_level AS "reorderLevel", stock_status(quantity, reorder_level) = 'LOW_STOCK' AS "lowStock",
  image_url AS "imageUrl", sku, barcode, featured, created_at AS "createdAt", updated_at AS "updatedAt", version`;

/** A product in the catalogue, not in the trash: the predicate of every index the catalogue's queries use. */
export const LIVE = 'deleted_at IS NULL';

/** A product as PRODUCT_COLUMNS read it: the driver hands timestamps over as text. */
export interface ProductRow extends Omit<ProductView, 'createdAt' | 'updatedAt'> {
  createdAt: string | Date;
  updatedAt: string | Date;
}

/** The driver hands timestamps over as text; both transports want dates. */
export const productFromRow = (row: ProductRow): ProductView => ({ ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) });
