import { Tooltip } from '@blueprintjs/core';
import { HistoryIcon } from '@blueprintjs/icons';
import type { PaginationDetailsFragment, StockMovementRowFragment } from '@stockroom/schema/generated/graphql';
import { lazy, Suspense, useId } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ListPagination } from '../../../components/ListPagination';
import { formatCount, formatDateTime } from '../../../lib/format';
import { formatRelativeTime } from '../../../lib/relative-time';
import { formatDelta, REASON_LABELS, type QuantityPoint } from './stock-movements';

// The chart library is a chunk of its own, fetched only when a history with movements is shown.
const StockHistoryChart = lazy(() => import('./StockHistoryChart'));

export interface StockMovementsProps {
  movements: readonly StockMovementRowFragment[];
  pagination: PaginationDetailsFragment;
  /** The chart's points, oldest first; null while they load. */
  chartPoints: readonly QuantityPoint[] | null;
  now: Date;
  onPageChange(page: number): void;
}

function deltaClass(delta: number): string {
  if (delta > 0) return 'stock-history__delta stock-history__delta--in';
  if (delta < 0) return 'stock-history__delta stock-history__delta--out';
  return 'stock-history__delta';
}

function MovementItem({ movement, now }: { movement: StockMovementRowFragment; now: Date }) {
  const exact = formatDateTime(movement.createdAt);
  const exactId = useId();
  return (
    <li className="stock-history__item" data-testid="stock-movement">
      <div className="stock-history__line">
        <span className="stock-history__reason" data-testid="stock-movement-reason">
          {REASON_LABELS[movement.reason]}
        </span>
        <span className={deltaClass(movement.delta)} data-testid="stock-movement-delta">
          {formatDelta(movement.delta)}
        </span>
        <span className="stock-history__after" data-testid="stock-movement-after">
          {formatCount(movement.quantityAfter)} in stock
        </span>
      </div>
      {movement.note && (
        <p className="stock-history__note" data-testid="stock-movement-note">
          {movement.note}
        </p>
      )}
      <div className="stock-history__meta">
        {/* Where it happened: a transfer's two halves differ only here. */}
        {movement.location && (
          <>
            <span data-testid="stock-movement-location">at {movement.location.name}</span>
            <span aria-hidden="true"> · </span>
          </>
        )}
        <span>{movement.user ? movement.user.fullName : 'A deleted account'}</span>
        <span aria-hidden="true"> · </span>
        {/* The exact time shows on hover and on keyboard focus; a screen reader hears it as the time's description. */}
        <Tooltip content={exact} placement="top" compact>
          {/* Focusable so that a keyboard reaches the exact time its tooltip gives. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <time className="stock-history__time" dateTime={movement.createdAt} tabIndex={0} aria-describedby={exactId}>
            {formatRelativeTime(movement.createdAt, now)}
          </time>
        </Tooltip>
        <span id={exactId} className="visually-hidden" data-testid="stock-movement-exact-time">
          {exact}
        </span>
      </div>
    </li>
  );
}

/** The movements of a product's stock history once they have come: the chart, the list and its pages, or the empty state. */
export default function StockMovements({ movements, pagination, chartPoints, now, onPageChange }: StockMovementsProps) {
  if (movements.length === 0 && pagination.total === 0) {
    return (
      <EmptyState
        headingLevel={3}
        icon={<HistoryIcon size={32} />}
        title="No stock movements yet"
        description="Adjustments and counts will be listed here."
      />
    );
  }
  if (movements.length === 0) return null;
  return (
    <>
      {chartPoints && chartPoints.length > 0 && (
        <figure className="stock-history__figure">
          <figcaption className="stock-history__caption">Quantity over time</figcaption>
          <Suspense fallback={<div className="stock-chart stock-chart--loading" />}>
            <StockHistoryChart points={chartPoints} />
          </Suspense>
        </figure>
      )}
      <ol className="stock-history__list" aria-label="Stock movements, newest first">
        {movements.map((movement) => (
          <MovementItem key={movement.id} movement={movement} now={now} />
        ))}
      </ol>
      {pagination.totalPages > 1 && <ListPagination noun="movements" shown={movements.length} pagination={pagination} onPageChange={onPageChange} />}
    </>
  );
}
