import type { PaginationDetailsFragment, StockCountReviewQuery } from '@stockroom/schema/generated/graphql';
import { formatCount, formatCurrency } from '../../lib/format';

export type ReviewItem = StockCountReviewQuery['stockCountReview']['items'][number];
export type NotCountedItem = StockCountReviewQuery['stockCountReview']['notCounted'][number];

/** How the review lists its rows: the largest difference in money first, or by product name. */
export type ReviewSort = 'value' | 'product';

type Named = { productId: string; productName: string | null; locationPath: string | null; varianceValue: number | null };

const byProduct = (a: Named, b: Named) =>
  (a.productName ?? '').localeCompare(b.productName ?? '') || (a.locationPath ?? '').localeCompare(b.locationPath ?? '') || a.productId.localeCompare(b.productId);

/**
 * The rows in the order asked for, as the server sorts them: by value, the
 * largest difference in money first, losses and gains alike (a hidden value
 * counts as none), ties by product; by product, by name then place.
 */
export function sortReviewRows<T extends Named>(rows: readonly T[], sort: ReviewSort): T[] {
  const compare = sort === 'product' ? byProduct : (a: T, b: T) => Math.abs(b.varianceValue ?? 0) - Math.abs(a.varianceValue ?? 0) || byProduct(a, b);
  return [...rows].sort(compare);
}

/** A difference in units, signed: '+2', '-2', '0'; a hidden one '—'. */
export function formatVariance(variance: number | null): string {
  if (variance === null) return '—';
  return variance > 0 ? `+${formatCount(variance)}` : formatCount(variance);
}

/** A difference in money, signed: '+$5.00', '-$5.00', '$0.00'; a hidden one '—'. */
export function formatVarianceValue(value: number | null): string {
  if (value === null) return '—';
  return value > 0 ? `+${formatCurrency(value)}` : formatCurrency(value === 0 ? 0 : value);
}

/** Whether a difference is a loss, a gain or none: the colour its figures are shown in. */
export function varianceIntent(variance: number | null): 'danger' | 'success' | 'none' {
  if (!variance) return 'none';
  return variance < 0 ? 'danger' : 'success';
}

/**
 * One page of a list the client holds whole (a review of thousands of lines is
 * answered at once), with the pagination ListPagination shows; a page past
 * the end shows the last one.
 */
export function pageOf<T>(rows: readonly T[], page: number, limit: number): { rows: T[]; pagination: PaginationDetailsFragment } {
  const totalPages = Math.max(1, Math.ceil(rows.length / limit));
  const current = Math.min(Math.max(1, Math.floor(page)), totalPages);
  return {
    rows: rows.slice((current - 1) * limit, current * limit),
    pagination: { page: current, limit, total: rows.length, totalPages, hasNextPage: current < totalPages, hasPrevPage: current > 1, totalIsEstimate: false },
  };
}
