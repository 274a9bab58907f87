import { PRODUCT_EXPORT_ROWS, unknownExportRows, type ProductExportRows } from '@stockroom/schema';
import { requireMember } from '../../account/workspace-access';
import { ValidationError } from '../../common/errors';
import type { RequestContext } from '../../account/context';
import { parseListRequest, type ProductListRequest } from '../list-query/product-list-request';
import { EXPORT_COLUMNS, LOCATION_EXPORT_COLUMNS, productExportStatement, productLocationExportStatement, type ExportColumn } from './product-export.queries';

/** Rows an export reads from its cursor at once: enough to keep the round trips cheap, few enough to keep memory flat. */
const EXPORT_BATCH_ROWS = 1_000;

/** An export of the caller's catalogue: its column names, then its rows in batches, each row the columns' values in that order. */
export interface ProductExport {
  columns: ExportColumn[];
  batches: AsyncGenerator<unknown[][], void, undefined>;
}

export const productExportService = {
  /**
   * Every product of the caller's catalogue the list's filters match, in the
   * list's order (page and limit are checked like the list's, then ignored).
   * The rows are read through a cursor as the consumer asks for them; a
   * consumer that stops early must `return()` the batches to free the connection.
   * `rows` 'location' gives a row per product and location holding some, with
   * the location's path and the quantity there.
   */
  async exportRows(ctx: RequestContext, request: ProductListRequest, rows: unknown = 'product'): Promise<ProductExport> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const { search, category, inStock, stockStatus, sortBy, sortOrder } = parseListRequest(request);
    const query = { workspaceId, search, category, inStock, stockStatus, sortBy, sortOrder };
    const perRow = exportRowsOf(rows);
    if (perRow === 'location') return { columns: LOCATION_EXPORT_COLUMNS, batches: ctx.sql.batches(productLocationExportStatement(query), EXPORT_BATCH_ROWS) };
    return { columns: Object.keys(EXPORT_COLUMNS) as ExportColumn[], batches: ctx.sql.batches(productExportStatement(query), EXPORT_BATCH_ROWS) };
  },
};

/** `rows=product|location` in any case; left out or blank, a row per product. */
function exportRowsOf(value: unknown): ProductExportRows {
  const rows = typeof value === 'string' ? value.trim().toLowerCase() || 'product' : value;
  const known = PRODUCT_EXPORT_ROWS.find((name) => name === rows);
  if (!known) throw new ValidationError({ rows: unknownExportRows });
  return known;
}
