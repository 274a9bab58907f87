import type { StockStatus } from '@stockroom/schema';
import type { Statement } from '../../db/sql';
import { LIVE } from '../../product-record/product-columns';
import { where, type ProductFilter } from '../list-query/product-list.queries';

/**
 * The SQL behind a list's total: the running totals when they answer it, a
 * count that stops past a cap, and past the cap an estimate from a sample of
 * the owner's rows or the planner's statistics.
 */

/** True when the catalogue totals answer the count, so no rows need counting. */
export const countedByTotals = (filter: ProductFilter) => !filter.search && !filter.category && !filter.locationIds && (filter.inStock === undefined || filter.stockStatus === undefined);

/** The running total that counts a stock filter's products. */
const TOTALS_COLUMN: Record<StockStatus, string> = { IN_STOCK: 'in_stock', LOW_STOCK: 'low_stock', OUT_OF_STOCK: 'total_products - in_stock' };

/**
 * How many products match. Without a search or category the running totals
 * answer it (one row); otherwise the matching rows are counted.
 */
export function productCountStatement(filter: ProductFilter): Statement {
  if (countedByTotals(filter)) {
    const status = filter.stockStatus ?? (filter.inStock === undefined ? undefined : filter.inStock ? 'IN_STOCK' : 'OUT_OF_STOCK');
    const column = status ? TOTALS_COLUMN[status] : 'total_products';
    return { sql: `SELECT coalesce((SELECT ${column} FROM catalogue_stats WHERE workspace_id = ?), 0)::int AS total`, values: [filter.workspaceId] };
  }
  const { sql, values } = where(filter);
  return { sql: `SELECT count(*)::int AS total FROM products WHERE ${sql}`, values };
}

/** Whether a search is the filter's only condition. */
export const onlySearched = (filter: ProductFilter) =>
  !!filter.search && !filter.category && filter.inStock === undefined && !filter.stockStatus && !filter.locationIds;

/** A search alone whose matches are not already known by id. */
const searchAlone = (filter: ProductFilter) => onlySearched(filter) && !filter.searchMatches;

/**
 * Counts the matching rows, but stops after `upTo` of them: a search that
 * matches a large part of a big catalogue would otherwise read all its
 * matches on every count (over 100 ms for 50,000 of 1,000,000 products).
 */
export function cappedMatchCountStatement(filter: ProductFilter, upTo: number): Statement {
  // A search alone, of a term too common to be read by id: its matches counted by the database's function, which the
  // search index serves (behind row-level security the statement's own LIKE would read the whole table).
  if (searchAlone(filter)) return { sql: 'SELECT products_matching_search_count(?, ?) AS total', values: [filter.search, upTo] };
  const { sql, values } = where(filter);
  return { sql: `SELECT count(*)::int AS total FROM (SELECT 1 FROM products WHERE ${sql} LIMIT ?) AS matching`, values: [...values, upTo] };
}

/** How many products the owner has (exact, from the running totals) and the whole table holds (the planner's figure), to size a sample. */
export function sampleSizesStatement(workspaceId: string): Statement {
  return {
    sql: `SELECT coalesce((SELECT total_products FROM catalogue_stats WHERE workspace_id = ?), 0)::int AS owned,
      greatest((SELECT reltuples FROM pg_class WHERE oid = 'products'::regclass), 0)::float8 AS "tableRows"`,
    values: [workspaceId],
  };
}

/**
 * Of the owner's products on a random `percent` of the table's pages, how many
 * there are and how many match. The pages are the same from one call to the
 * next (a fixed seed), so an unchanged catalogue gets the same estimate and a
 * list's "about" figure does not jitter between requests.
 */
export function sampledMatchCountStatement(filter: ProductFilter, percent: number): Statement {
  const { sql, values } = where(filter);
  return {
    sql: `SELECT count(*) FILTER (WHERE ${sql})::int AS matched, count(*)::int AS sampled
      FROM products TABLESAMPLE SYSTEM (?) REPEATABLE (0) WHERE workspace_id = ? AND ${LIVE}`,
    values: [...values, percent, filter.workspaceId],
  };
}

export interface SampleSizes {
  owned: number;
  tableRows: number;
}

export interface Sample {
  matched: number;
  sampled: number;
}

/** A sample reads about as many of the owner's rows as the capped count did, and never fewer than this. */
const MIN_SAMPLED_ROWS = 2_000;
/** A sample reading more rows than this (an owner with a small share of a big table) is left to the planner. */
const MAX_ROWS_READ_BY_SAMPLE = 200_000;

const wantedSampleRows = (cap: number) => Math.max(cap, MIN_SAMPLED_ROWS);

/** The share of the table's pages to sample for about `cap` of the owner's rows; undefined when that would read too much. */
export function samplePercent({ owned, tableRows }: SampleSizes, cap: number): number | undefined {
  if (owned <= 0) return undefined;
  const percent = Math.min(100, (100 * wantedSampleRows(cap)) / owned);
  return (percent / 100) * Math.max(tableRows, owned) > MAX_ROWS_READ_BY_SAMPLE ? undefined : percent;
}

/** The matches the sample stands for: their share of the sampled rows times the owner's products; undefined for a sample too small to say. */
export function sampledMatchCount({ matched, sampled }: Sample, { owned }: SampleSizes, cap: number): number | undefined {
  return sampled < wantedSampleRows(cap) / 4 ? undefined : (matched / sampled) * owned;
}

/** The planner's estimate of how many products match (from the table's statistics; no row is read). */
export function estimatedMatchCountStatement(filter: ProductFilter): Statement {
  const { sql, values } = where(filter);
  return { sql: `EXPLAIN (FORMAT JSON) SELECT 1 FROM products WHERE ${sql}`, values };
}

/** The estimate's answer: the planner's row count, from `EXPLAIN (FORMAT JSON)`. */
export const plannedRows = (row: { 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }) => row['QUERY PLAN'][0].Plan['Plan Rows'];

/**
 * A total past the exact-count cap, as the API reports it: the estimate to
 * two significant figures (an estimate of 48,712 is "about 49,000"), and
 * never below what is known for sure, that more than `cap` match.
 */
export const estimatedTotal = (plannedRowCount: number, cap: number) => Math.max(cap + 1, Number(Math.round(plannedRowCount).toPrecision(2)));

/** How many writes the owner's catalogue has seen ('0' before the first). */
export function catalogueChangesStatement(workspaceId: string): Statement {
  return { sql: `SELECT coalesce((SELECT changes FROM catalogue_stats WHERE workspace_id = ?), 0)::text AS changes`, values: [workspaceId] };
}
