import { roleAllows } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { assertRoleAllows, requireMember } from '../account/workspace-access';
import { canonicalId } from '../common/errors';
import { locationService } from '../locations/location.service';
import { StockCountClosedError, StockCountNotFoundError } from './stock-count.errors';
import { countStateStatement, scopeStockStatement } from './stock-count.queries';
import { scopeLocationsOf, type CountState } from './stock-count-rows';
import type { StockCountStock, StockCountStockProduct } from './stock-count.types';

interface ScopeStockRow {
  productId: string;
  locationId: string | null;
  quantity: number | null;
  ledgerPosition: string | null;
}

/** What an OPEN count's counters need to count with no network: the stock of its scope, as one read. */
export const stockCountStockService = {
  /**
   * Every live product of an OPEN count's scope (counters and above), each with its levels holding
   * stock at the scope's locations and their ledger positions (what a line made now names); a
   * scope location a product does not list holds none of it (a line there names '0'). In a blind
   * count the quantities are null to anyone below ADMIN, the positions are given. A count no longer
   * OPEN is 'This stock count is closed'. Reads only.
   */
  async stock(ctx: RequestContext, rawId: unknown): Promise<StockCountStock> {
    // A read: a read-only token may send it, but only for someone who may count.
    const { workspaceId, role } = await requireMember(ctx, 'readProducts');
    assertRoleAllows(role, 'moveStock');
    const id = canonicalId(rawId);
    const [[state], locations] = await Promise.all([ctx.sql.query<CountState>(countStateStatement(id, workspaceId, false)), locationService.list(ctx)]);
    if (!state) throw new StockCountNotFoundError();
    if (state.status !== 'OPEN') throw new StockCountClosedError();
    const quantitiesHidden = state.blind && !roleAllows(role, 'manageStockCounts');
    const scope = scopeLocationsOf(locations, state);
    const rows = await ctx.sql.query<ScopeStockRow>(scopeStockStatement(workspaceId, scope, state.category));
    const products = new Map<string, StockCountStockProduct>();
    for (const row of rows) {
      let product = products.get(row.productId);
      if (!product) products.set(row.productId, (product = { productId: row.productId, levels: [] }));
      if (row.locationId === null) continue;
      product.levels.push({ locationId: row.locationId, quantity: quantitiesHidden ? null : row.quantity, ledgerPosition: row.ledgerPosition! });
    }
    return { locationIds: scope ?? locations.map((location) => location.id), quantitiesHidden, products: [...products.values()] };
  },
};
