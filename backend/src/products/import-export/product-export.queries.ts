import type { Statement } from '../../db/sql';
import { orderBy, where, type ProductFilter, type ProductSort } from '../list-query/product-list.queries';

/** The SQL of an export: the list's own filter and order, every matching product, as the file's columns. */

/**
 * The columns of an export, in the file's order, under the names its header
 * row gives them. Everything is text but the whole numbers: the price exact
 * to the cent as stored, `featured` as true/false, times in UTC ISO 8601.
 */
export const EXPORT_COLUMNS = {
  sku: 'sku',
  name: 'name',
  description: 'description',
  category: 'category',
  price: 'price::text',
  quantity: 'quantity',
  reorder_level: 'reorder_level',
  barcode: 'barcode',
  featured: 'featured::text',
  image_url: 'image_url',
  created_at: `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  updated_at: `to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  id: 'id::text',
} as const;

export type ExportColumn = keyof typeof EXPORT_COLUMNS;

/** Every product the list's filter matches, in the list's order, as export rows (see EXPORT_COLUMNS); read through a cursor. */
export function productExportStatement(query: ProductFilter & ProductSort): Statement {
  const filter = where(query);
  const order = orderBy(query);
  return {
    sql: `SELECT ${Object.values(EXPORT_COLUMNS).join(', ')} FROM products WHERE ${filter.sql} ORDER BY ${order.sql}`,
    values: [...filter.values, ...order.values],
  };
}
