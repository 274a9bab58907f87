import { useEffect } from 'react';
import { useAfterPaint } from '../../../lib/useAfterPaint';
import { AFTER_PAINT_TURNS } from './after-paint-turns';
import { useStockHistory } from './useStockHistory';
import { loadStockMovements, StockHistory } from './StockHistory';

export interface ProductStockHistoryProps {
  productId: string;
  page: number;
  onPageChange(page: number): void;
  /** While the product is being deleted: its history is no longer asked for. */
  paused: boolean;
}

/**
 * A product's stock history, asked for once the product is on screen: its requests and chart do
 * not hold up that first paint. The wait, the requests and their answers are this part's own
 * state, so they draw the history again, not the whole page.
 */
export function ProductStockHistory({ productId, page, onPageChange, paused }: ProductStockHistoryProps) {
  const historyDue = useAfterPaint(true, AFTER_PAINT_TURNS.history);
  const chartDue = useAfterPaint(true, AFTER_PAINT_TURNS.chart);
  const history = useStockHistory(productId, page, { skip: paused || !historyDue, skipChart: paused || !chartDue });
  // The history's list code is fetched with its data, not once the data has come.
  useEffect(() => {
    if (historyDue) void loadStockMovements().catch(() => undefined);
  }, [historyDue]);
  return (
    <StockHistory
      movements={history.movements}
      pagination={history.pagination}
      chartPoints={history.chartPoints}
      now={history.now}
      error={history.error}
      onPageChange={onPageChange}
    />
  );
}
