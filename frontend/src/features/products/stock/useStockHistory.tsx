import { useProductStockChartQuery, useProductStockHistoryQuery } from '@stockroom/schema/generated/hooks';
import { PAGINATION } from '@stockroom/schema';
import { useMemo } from 'react';
import { LoadError } from '../../../components/LoadError';
import { useNow } from '../../../lib/useNow';
import { loadErrorMessage } from '../shared/product-errors';
import { quantityOverTime } from './stock-movements';

/** Movements per page of the history. */
export const HISTORY_PAGE_SIZE = 10;
/** The chart draws the newest movements, as many as the server gives in one page. */
const CHART_MOVEMENTS = PAGINATION.maxLimit;

/**
 * The detail page's stock history: one page of movements and the points of
 * the quantity chart, both read from the product in the Apollo cache, so an
 * adjustment that drops the product's cached movements brings both up to date.
 */
export function useStockHistory(productId: string, page: number, { skip, skipChart }: { skip: boolean; skipChart: boolean }) {
  const now = useNow();

  const historyQuery = useProductStockHistoryQuery({ variables: { id: productId, page, limit: HISTORY_PAGE_SIZE }, skip });
  const chartQuery = useProductStockChartQuery({ variables: { id: productId, limit: CHART_MOVEMENTS }, skip: skipChart });

  const historyPage = historyQuery.dataState === 'complete' ? historyQuery.data.product.movements : null;
  const chartMovements = chartQuery.dataState === 'complete' ? chartQuery.data.product.movements.movements : null;
  const chartPoints = useMemo(() => (chartMovements ? quantityOverTime(chartMovements) : null), [chartMovements]);

  const error =
    historyQuery.error && !historyPage ? (
      <LoadError headingLevel={3} message={loadErrorMessage(historyQuery.error)} onRetry={() => void historyQuery.refetch()} />
    ) : null;

  return {
    movements: historyPage?.movements ?? null,
    pagination: historyPage?.pagination ?? null,
    chartPoints,
    now,
    error,
  };
}
