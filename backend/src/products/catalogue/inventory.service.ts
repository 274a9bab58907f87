import { requireMember } from '../../account/workspace-access';
import type { RequestContext } from '../../account/context';
import { productFromRow, type ProductRow } from '../../product-record/product-columns';
import type { ProductView } from '../../product-record/product-view.types';
import { inventoryByCategoryStatement, needsReorderingStatement, reorderDueStatement, type CategoryRow } from './inventory.queries';

export type { CategoryRow };

/** The dashboard's "Needs reordering" panel lists this many at most; its count says how many there are in all. */
const NEEDS_REORDERING_LIMIT = 10;

/** What the dashboard reads of the caller's catalogue beside its totals: value by category, and what needs reordering. */
export const inventoryService = {
  /** Per category of the caller's catalogue: how many products, how many in stock and their value, most valuable first. */
  async byCategory(ctx: RequestContext): Promise<CategoryRow[]> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    return ctx.sql.query<CategoryRow>(inventoryByCategoryStatement(workspaceId));
  },

  /** The products most in need of reordering (out of stock first, then furthest below their level) and how many need it in all. */
  async needsReordering(ctx: RequestContext): Promise<{ count: number; products: ProductView[] }> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const [rows, [due]] = await Promise.all([
      ctx.sql.query<ProductRow>(needsReorderingStatement(workspaceId, NEEDS_REORDERING_LIMIT)),
      ctx.sql.query<{ count: number }>(reorderDueStatement(workspaceId)),
    ]);
    return { count: due.count, products: rows.map(productFromRow) };
  },
};
