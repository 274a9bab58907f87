import { PRODUCT_ANSWER_ORDER, WRITABLE_PRODUCT_FIELDS, productField, writableField, type ProductFieldName, type WritableProductFieldName } from '@stockroom/schema';
import type { ProductView } from './product-view.types';

/**
 * The product row as every module that reads or writes `products` shares it:
 * the catalogue, the trash, bulk changes, imports and stock changes answer
 * with these columns, and the event relay shows a stored row through them, so
 * a webhook sees a product exactly as the API sends it.
 */

/** A field's SQL as an answer reads it: money as a JavaScript number (NUMERIC(10,2) holds at most 999999.99, exact in a float8). */
function answerSql(name: ProductFieldName): string {
  const field = productField(name);
  const sql = field.writable ? (field.type === 'money' ? `${field.column}::float8` : field.column) : field.select;
  return sql === name ? name : `${sql} AS "${name}"`;
}

/** The columns of a product as both transports send it (see product-view.types.ts), from the field table. */
export const PRODUCT_COLUMNS = PRODUCT_ANSWER_ORDER.map(answerSql).join(', ');

/** The column of each writable field, for the statements that write them. */
export const WRITABLE_COLUMNS = Object.fromEntries(WRITABLE_PRODUCT_FIELDS.map((name) => [name, writableField(name).column])) as Record<WritableProductFieldName, string>;

/** A product in the catalogue, not in the trash: the predicate of every index the catalogue's queries use. */
export const LIVE = 'deleted_at IS NULL';

/** A product as PRODUCT_COLUMNS read it: the driver hands timestamps over as text. */
export interface ProductRow extends Omit<ProductView, 'createdAt' | 'updatedAt'> {
  createdAt: string | Date;
  updatedAt: string | Date;
}

/** The driver hands timestamps over as text; both transports want dates. */
export const productFromRow = (row: ProductRow): ProductView => ({ ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) });
