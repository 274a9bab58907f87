import { requireMember } from '../../account/workspace-access';
import type { RequestContext } from '../../account/context';
import { parseListRequest, type ProductListRequest } from '../list-query/product-list-request';
import { EXPORT_COLUMNS, productExportStatement, type ExportColumn } from './product-export.queries';

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
   */
  async exportRows(ctx: RequestContext, request: ProductListRequest): Promise<ProductExport> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const { search, category, inStock, stockStatus, sortBy, sortOrder } = parseListRequest(request);
    const statement = productExportStatement({ workspaceId, search, category, inStock, stockStatus, sortBy, sortOrder });
    return { columns: Object.keys(EXPORT_COLUMNS) as ExportColumn[], batches: ctx.sql.batches(statement, EXPORT_BATCH_ROWS) };
  },
};
