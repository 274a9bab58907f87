import type { Statement } from '../db/sql';
import { LIVE, PRODUCT_COLUMNS } from './product-columns';

/** A product of the catalogue by id and its workspace (whichever it is); a trashed one is not found. */
export function productByIdStatement(id: string): Statement {
  return { sql: `SELECT ${PRODUCT_COLUMNS}, workspace_id AS "workspaceId" FROM products WHERE id = ? AND ${LIVE}`, values: [id] };
}
