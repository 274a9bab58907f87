import { EXPORTED_PRODUCT_FIELDS, LOCATION_EXPORT_HEADERS, LOCATION_PATH_SEPARATOR, PRODUCT_EXPORT_HEADERS, productField, type ExportedProductFieldName, type ProductFieldType } from '@stockroom/schema';
import type { Statement } from '../../db/sql';
import { orderBy, where, type ProductFilter, type ProductSort } from '../list-query/product-list.queries';

/** The SQL of an export: the list's own filter and order, every matching product, as the file's columns. */

/** A field's SQL in an export: everything is text but the whole numbers (money exact to the cent as stored, true/false as such). */
function exportSql(name: ExportedProductFieldName): string {
  const field = productField(name);
  if (!field.writable) return field.exportSelect ?? field.select;
  return field.type === 'money' || field.type === 'boolean' ? `${field.column}::text` : field.column;
}

/**
 * The columns of an export, in the file's order, under the names its header
 * row gives them: the field table's exported fields, times in UTC ISO 8601.
 */
export const EXPORT_COLUMNS: Record<string, string> = Object.fromEntries(EXPORTED_PRODUCT_FIELDS.map((name) => [PRODUCT_EXPORT_HEADERS[name], exportSql(name)]));

/** A column of the export, by its header. */
export type ExportColumn = string;

/** The kind of value each column holds, for a workbook's cells. */
export const EXPORT_COLUMN_TYPES: Record<ExportColumn, ProductFieldType> = {
  ...Object.fromEntries(EXPORTED_PRODUCT_FIELDS.map((name) => [PRODUCT_EXPORT_HEADERS[name], productField(name).type])),
  [LOCATION_EXPORT_HEADERS.path]: 'text',
  [LOCATION_EXPORT_HEADERS.quantity]: 'integer',
};

/** The columns of an export by location: the product's, then where and how many. */
export const LOCATION_EXPORT_COLUMNS: ExportColumn[] = [...Object.keys(EXPORT_COLUMNS), LOCATION_EXPORT_HEADERS.path, LOCATION_EXPORT_HEADERS.quantity];

/** Every product the list's filter matches, in the list's order, as export rows (see EXPORT_COLUMNS); read through a cursor. */
export function productExportStatement(query: ProductFilter & ProductSort): Statement {
  const filter = where(query);
  const order = orderBy(query);
  return {
    sql: `SELECT ${Object.values(EXPORT_COLUMNS).join(', ')} FROM products WHERE ${filter.sql} ORDER BY ${order.sql}`,
    values: [...filter.values, ...order.values],
  };
}

/**
 * The same products, one row per location holding some of each (a product
 * with none anywhere: one row at the default location), the product's
 * columns then the location's path and the quantity there; in the list's
 * order, then the paths'.
 */
export function productLocationExportStatement(query: ProductFilter & ProductSort): Statement {
  const filter = where(query);
  const order = orderBy(query);
  return {
    sql: `WITH RECURSIVE tree AS (
        SELECT id, name::text AS path, is_default FROM locations WHERE workspace_id = ? AND parent_id IS NULL
        UNION ALL
        SELECT l.id, t.path || '${LOCATION_PATH_SEPARATOR}' || l.name, l.is_default FROM locations AS l JOIN tree AS t ON l.parent_id = t.id)
      SELECT ${Object.values(EXPORT_COLUMNS).join(', ')}, here.location_path, here.location_quantity
      FROM products CROSS JOIN LATERAL (
        SELECT t.path AS location_path, s.quantity AS location_quantity FROM stock_levels AS s JOIN tree AS t ON t.id = s.location_id
        WHERE s.product_id = products.id AND (s.quantity <> 0 OR (t.is_default AND products.quantity = 0))) AS here
      WHERE ${filter.sql} ORDER BY ${order.sql}, lower(here.location_path)`,
    values: [query.workspaceId, ...filter.values, ...order.values],
  };
}
