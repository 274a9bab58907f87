import { roleAllows, StockCountReviewFields, validateFields, type StockCountReviewSort } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { requireMember } from '../account/workspace-access';
import { assertValid, canonicalId } from '../common/errors';
import { locationService } from '../locations/location.service';
import { countLedgerService, placeKey } from '../stock/count-ledger/count-ledger.service';
import { StockCountNotFoundError } from './stock-count.errors';
import { countLinesStatement, countStateStatement } from './stock-count.queries';
import { linesByPlace, pathsOf, uncountedPlaces, type CountLine, type CountState } from './stock-count-rows';
import type { StockCountNotCounted, StockCountReview, StockCountReviewItem } from './stock-count.types';

/** variance x price in cents, then back: a whole number of cents, as prices are. */
const valueOf = (variance: number, price: number) => (variance * Math.round(price * 100)) / 100;

/** Item order for a sort: by value, the largest difference in money first (then by name); by product, by name then place. */
function compareItems(sort: StockCountReviewSort) {
  const byName = (a: StockCountReviewItem, b: StockCountReviewItem) =>
    (a.productName ?? '').localeCompare(b.productName ?? '') || (a.locationPath ?? '').localeCompare(b.locationPath ?? '') || a.productId.localeCompare(b.productId);
  if (sort === 'product') return byName;
  return (a: StockCountReviewItem, b: StockCountReviewItem) => Math.abs(b.varianceValue ?? 0) - Math.abs(a.varianceValue ?? 0) || byName(a, b);
}

/** What a count's pending lines would book, for those who approve it and the counters filling it. */
export const stockCountReviewService = {
  /**
   * The review of a count (members): each product and location its pending
   * lines count, with the sum counted, the quantity expected at the lines'
   * earliest ledger position, the variance (what approving books) and its
   * value (variance x price), sorted by value (largest difference first) or
   * by product; and the stock in the scope no line counted. In a blind count
   * the expected quantities, variances and values are null to anyone who may
   * not approve it, and the items are sorted by product.
   */
  async review(ctx: RequestContext, rawId: unknown, request: { sortBy?: unknown }): Promise<StockCountReview> {
    const { workspaceId, role } = await requireMember(ctx, 'readProducts');
    const id = canonicalId(rawId);
    assertValid(validateFields(StockCountReviewFields, request));
    const [state] = await ctx.sql.query<CountState>(countStateStatement(id, workspaceId, false));
    if (!state) throw new StockCountNotFoundError();
    const expectedHidden = state.blind && !roleAllows(role, 'manageStockCounts');
    const [lines, locations] = await Promise.all([ctx.sql.query<CountLine>(countLinesStatement(id, workspaceId)), locationService.list(ctx)]);
    const pending = lines.filter((line) => line.status === 'PENDING');
    const paths = pathsOf(locations);

    const groups = new Map(linesByPlace(pending).map((group) => [placeKey(group), group]));
    const places = await countLedgerService.atPositions(ctx, [...groups.values()]);
    const items: StockCountReviewItem[] = places.map((place) => {
      const group = groups.get(placeKey(place))!;
      const variance = group.counted - place.atPosition;
      return {
        productId: place.productId,
        productName: place.product?.name ?? null,
        productSku: place.product?.sku ?? null,
        locationId: place.locationId,
        locationPath: paths.get(place.locationId) ?? null,
        counted: group.counted,
        expected: expectedHidden ? null : place.atPosition,
        variance: expectedHidden ? null : variance,
        varianceValue: expectedHidden ? null : valueOf(variance, place.product?.price ?? 0),
        lineIds: group.lineIds,
      };
    });
    const sortBy = (request.sortBy as StockCountReviewSort | undefined) ?? 'value';
    items.sort(compareItems(expectedHidden ? 'product' : sortBy));

    const notCounted: StockCountNotCounted[] = (await uncountedPlaces(ctx, state, lines, locations))
      .map(({ productId, locationId, quantity, product }) => ({
        productId,
        productName: product.name,
        productSku: product.sku,
        locationId,
        locationPath: paths.get(locationId) ?? null,
        expected: expectedHidden ? null : quantity,
        varianceValue: expectedHidden ? null : valueOf(-quantity, product.price),
      }));
    return { expectedHidden, items, notCounted };
  },
};
