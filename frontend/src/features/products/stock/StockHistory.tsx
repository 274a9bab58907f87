import { Card, H2, Spinner } from '@blueprintjs/core';
import type { PaginationDetailsFragment, StockMovementRowFragment } from '@stockroom/schema/generated/graphql';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { QuantityPoint } from './stock-movements';
import './stock-history.css';

/**
 * The movements (their list, tooltips, pages and chart) are a chunk of their own: the history is
 * asked for once the product is on screen, so the product's first view does without their code.
 */
export const loadStockMovements = () => import('./StockMovements');
const StockMovements = lazy(loadStockMovements);

export interface StockHistoryProps {
  movements: readonly StockMovementRowFragment[] | null;
  pagination: PaginationDetailsFragment | null;
  /** The chart's points, oldest first; null while they load. */
  chartPoints: readonly QuantityPoint[] | null;
  now: Date;
  /** Shown instead of the list when it could not be read. */
  error: ReactNode;
  onPageChange(page: number): void;
}

/** A product's movements, newest first, a page at a time, with its quantity over time drawn above them. */
export function StockHistory({ movements, pagination, chartPoints, now, error, onPageChange }: StockHistoryProps) {
  const headingId = useId();
  const loading = !error && (!movements || !pagination);
  const spinner = <Spinner size={24} aria-label="Loading stock history" />;
  return (
    <Card className="stock-history">
      <section aria-labelledby={headingId} aria-busy={loading}>
        <H2 id={headingId} className="product-section-title stock-history__title">
          Stock history
        </H2>
        {error}
        {loading && spinner}
        {movements && pagination && (
          <Suspense fallback={spinner}>
            <StockMovements movements={movements} pagination={pagination} chartPoints={chartPoints} now={now} onPageChange={onPageChange} />
          </Suspense>
        )}
      </section>
    </Card>
  );
}
