import { Classes, H2, Tag } from '@blueprintjs/core';
import type { StockCountLineRecordFragment } from '@stockroom/schema/generated/graphql';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ListPagination } from '../../../components/ListPagination';
import { formatCount, formatDateTime } from '../../../lib/format';
import { pageOf } from '../review-rows';

const PAGE_SIZE = 25;

/** What became of a line, in words; a pending line says nothing. */
const LINE_STATUS: Record<StockCountLineRecordFragment['status'], string | null> = {
  PENDING: null,
  BOOKED: 'Booked',
  NOT_CHOSEN: 'Not approved',
  PRODUCT_DELETED: 'Product deleted',
  LOCATION_DELETED: 'Location deleted',
  BELOW_ZERO: 'Would go below zero',
  OVER_MAXIMUM: 'Over the maximum',
  REPLACED: 'Replaced',
  CANCELLED: 'Cancelled',
};

/** A count's lines, newest first, a page at a time: what, where, how many, who and when. */
export function CountLines({ lines }: { lines: readonly StockCountLineRecordFragment[] }) {
  const [page, setPage] = useState(1);
  const newestFirst = useMemo(() => [...lines].sort((a, b) => b.countedAt.localeCompare(a.countedAt) || b.id.localeCompare(a.id)), [lines]);
  const shown = pageOf(newestFirst, page, PAGE_SIZE);
  return (
    <>
      <H2 className="stock-counts-card__title">Lines</H2>
      {lines.length === 0 ? (
        <EmptyState headingLevel={3} title="Nothing counted yet" description="Each product counted shows here, with who counted it and when." />
      ) : (
        <>
          <ul className="count-lines" aria-label="Counted lines">
            {shown.rows.map((line) => (
              <li key={line.id} className="count-lines__row" data-testid="count-line">
                <div className="count-lines__what">
                  <span className="count-lines__product">{line.productName ?? 'A deleted product'}</span>
                  <span className={Classes.TEXT_MUTED}>
                    {line.uncounted ? 'Not counted, booked as 0' : `${line.countedBy?.fullName ?? 'A former member'}, ${formatDateTime(line.countedAt)}`}
                    {line.locationPath && ` · ${line.locationPath}`}
                  </span>
                </div>
                <div className="count-lines__quantity">
                  <strong data-testid="count-line-quantity">{formatCount(line.quantity)}</strong>
                  {LINE_STATUS[line.status] && (
                    <Tag minimal intent={line.status === 'BOOKED' ? 'success' : line.status === 'REPLACED' || line.status === 'NOT_CHOSEN' || line.status === 'CANCELLED' ? 'none' : 'danger'}>
                      {LINE_STATUS[line.status]}
                    </Tag>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {shown.pagination.totalPages > 1 && <ListPagination label="Pages of lines" noun="lines" shown={shown.rows.length} pagination={shown.pagination} onPageChange={setPage} />}
        </>
      )}
    </>
  );
}
