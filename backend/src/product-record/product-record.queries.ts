import type { Statement } from '../db/sql';
import { LIVE, PRODUCT_COLUMNS } from './product-columns';

/** A product of the catalogue by id and its workspace (whichever it is); a trashed one is not found. */
export function productByIdStatement(id: string): Statement {
  return { sql: `SELECT ${PRODUCT_COLUMNS}, workspace_id AS "workspaceId" FROM products WHERE id = ? AND ${LIVE}`, values: [id] };
}

/** Which workspace holds a product, and whether it is in the trash there. */
export interface ProductPlacementRow {
  workspaceId: string;
  trashed: boolean;
}

/**
 * Where a product is, whichever workspace holds it: the reason a write that matched no row gives (another
 * workspace's live product: 403). No row: it does not exist at all. Another workspace's rows are invisible to
 * the request (row-level security); the function that answers runs as the schema's owner and tells only this.
 */
export function productPlacementStatement(id: string): Statement {
  return { sql: 'SELECT workspace_id AS "workspaceId", trashed FROM product_placement(?::uuid)', values: [id] };
}
