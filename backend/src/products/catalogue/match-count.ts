import type { RequestContext } from '../../account/context';
import { paginationOf, type Pagination } from '../../common/pagination';
import type { Statement } from '../../db/sql';
import type { ProductFilter } from '../list-query/product-list.queries';
import { CountCache } from '../../common/count-cache';
import {
  cappedMatchCountStatement,
  catalogueChangesStatement,
  countedByTotals,
  estimatedMatchCountStatement,
  estimatedTotal,
  onlySearched,
  plannedRows,
  productCountStatement,
  sampledMatchCount,
  sampledMatchCountStatement,
  samplePercent,
  sampleSizesStatement,
  type Sample,
  type SampleSizes,
} from './match-count.queries';

/** How many products match a filter, and whether that is the planner's estimate rather than a count. */
export interface MatchCount {
  total: number;
  isEstimate: boolean;
}

/**
 * An estimate stays in use while the catalogue has taken fewer than a tenth of the cap's worth
 * of writes since it was made (1,000 for the default cap): each product write is one statement
 * changing one product, so the matches have moved by less than a tenth of what the estimate
 * already stands for. Without this a shop selling ten times a second would recount its
 * customers' big searches after every sale.
 */
const ESTIMATE_WRITES_PER_CAP = 10;

/** One per process; right across instances because it is keyed by the database's `changes`. */
const searchCounts = new CountCache<MatchCount>();
/**
 * Counts running now, by filter and `changes`: after a write, every request
 * searching the same thing waits for one count instead of each running its own.
 */
const countsUnderWay = new Map<string, Promise<MatchCount>>();

/** Every count is one statement on the shared pool. */
const query = <T>(ctx: RequestContext, statement: Statement) => ctx.sql.query<T>(statement);

/**
 * How many products match: from the running totals, a remembered count still
 * valid, or a fresh count that stops past the configured cap. Past the cap the
 * total is the planner's estimate, and says so: a shop that sells while
 * someone searches would otherwise recount every match of the search after
 * each sale.
 */
export async function countMatching(ctx: RequestContext, filter: ProductFilter): Promise<MatchCount> {
  if (countedByTotals(filter)) return { total: (await query<{ total: number }>(ctx, productCountStatement(filter)))[0].total, isEstimate: false };
  // A search alone whose few matches were found by id (search-matches.ts): they are the count, up to the cap.
  if (filter.searchMatches && onlySearched(filter) && filter.searchMatches.length <= ctx.config.productCountCap) {
    return { total: filter.searchMatches.length, isEstimate: false };
  }
  const [{ changes }] = await query<{ changes: string }>(ctx, catalogueChangesStatement(filter.workspaceId));
  const cap = ctx.config.productCountCap;
  const key = JSON.stringify([filter.workspaceId, filter.search ?? null, filter.category ?? null, filter.inStock ?? null, filter.stockStatus ?? null, filter.locationIds ?? null, cap]);
  const cached = searchCounts.get(key, changes, (count, countedAt) => count.isEstimate && Number(changes) - Number(countedAt) < cap / ESTIMATE_WRITES_PER_CAP);
  if (cached !== undefined) return cached;
  const runningKey = `${key}@${changes}`;
  let running = countsUnderWay.get(runningKey);
  if (!running) {
    running = countUpToCap(ctx, filter, cap).finally(() => countsUnderWay.delete(runningKey));
    countsUnderWay.set(runningKey, running);
  }
  const count = await running;
  searchCounts.set(key, changes, count);
  return count;
}

/** The matching rows counted up to `cap`; past it, an estimate. */
async function countUpToCap(ctx: RequestContext, filter: ProductFilter, cap: number): Promise<MatchCount> {
  const [{ total }] = await query<{ total: number }>(ctx, cappedMatchCountStatement(filter, cap + 1));
  if (total <= cap) return { total, isEstimate: false };
  const sampled = await sampledEstimate(ctx, filter, cap);
  if (sampled !== undefined) return { total: estimatedTotal(sampled, cap), isEstimate: true };
  const [plan] = await query<Parameters<typeof plannedRows>[0]>(ctx, estimatedMatchCountStatement(filter));
  return { total: estimatedTotal(plannedRows(plan), cap), isEstimate: true };
}

/**
 * The planner's own estimate can be far off for a search: it treats a match
 * in the name and one in the description as independent, so "steel" (49,772
 * of 1,000,000 products) came out near 90,000. A sample of the owner's
 * products is within a few percent and costs about what the capped count
 * before it did. Undefined when a sample would cost too much or says too
 * little, so the caller falls back to the planner.
 */
async function sampledEstimate(ctx: RequestContext, filter: ProductFilter, cap: number): Promise<number | undefined> {
  const [sizes] = await query<SampleSizes>(ctx, sampleSizesStatement(filter.workspaceId));
  const percent = samplePercent(sizes, cap);
  if (percent === undefined) return undefined;
  const [sample] = await query<Sample>(ctx, sampledMatchCountStatement(filter, percent));
  return sampledMatchCount(sample, sizes, cap);
}

/**
 * The pagination of a page of products. With an estimated total, what the
 * page itself shows wins: a page short of full is the last, so its end is
 * the exact total; a full page may have more behind it, so the total stays
 * past its end and Next stays offered (an empty next page then corrects it).
 */
export function productPagination(page: number, limit: number, shown: number, { total, isEstimate }: MatchCount): Pagination {
  const upToThisPage = (page - 1) * limit + shown;
  if (!isEstimate || (shown > 0 && shown < limit)) return paginationOf(page, limit, isEstimate ? upToThisPage : total);
  const estimate = shown === 0 ? Math.min(total, upToThisPage) : Math.max(total, upToThisPage + 1);
  return paginationOf(page, limit, estimate, true);
}
