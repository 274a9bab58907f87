import { EXPORTED_PRODUCT_FIELDS, PRODUCT_EXPORT_HEADERS, productField, type ExportedProductFieldName, type ProductFieldType } from '@stockroom/schema';
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
export const EXPORT_COLUMN_TYPES: Record<ExportColumn, ProductFieldType> = Object.fromEntries(EXPORTED_PRODUCT_FIELDS.map((name) => [PRODUCT_EXPORT_HEADERS[name], productField(name).type]));

/** Every product the list's filter matches, in the list's order, as export rows (see EXPORT_COLUMNS); read through a cursor. */
export function productExportStatement(query: ProductFilter & ProductSort): Statement {
  const filter = where(query);
  const order = orderBy(query);
  return {
    sql: `SELECT ${Object.values(EXPORT_COLUMNS).join(', ')} FROM products WHERE ${filter.sql} ORDER BY ${order.sql}`,
    values: [...filter.values, ...order.values],
  };
}
