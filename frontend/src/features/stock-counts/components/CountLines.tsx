import { Button, Classes, H2, Tag } from '@blueprintjs/core';
import type { StockCountLineRecordFragment } from '@stockroom/schema/generated/graphql';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ListPagination } from '../../../components/ListPagination';
import { formatCount, formatDateTime } from '../../../lib/format';
import type { QueuedCountLine } from '../../../lib/offline/queued-count-lines';
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

/** A line the server has, or one still on this device (waiting to be sent, or refused), with the path of its place. */
export type ShownLine = { kind: 'recorded'; line: StockCountLineRecordFragment } | { kind: 'queued'; line: QueuedCountLine; locationPath: string | null };

const keyOf = (shown: ShownLine) => (shown.kind === 'recorded' ? shown.line.id : `queued-${shown.line.seq}`);

export interface CountLinesProps {
  lines: readonly ShownLine[];
  /** Takes a refused line off the device once its message is read. */
  onDismiss: (seq: number) => void;
}

/** A count's lines, newest first, a page at a time: what, where, how many, who and when; a line still on the device says so. */
export function CountLines({ lines, onDismiss }: CountLinesProps) {
  const [page, setPage] = useState(1);
  const newestFirst = useMemo(() => [...lines].sort((a, b) => b.line.countedAt.localeCompare(a.line.countedAt) || keyOf(b).localeCompare(keyOf(a))), [lines]);
  const shown = pageOf(newestFirst, page, PAGE_SIZE);
  return (
    <>
      <H2 className="stock-counts-card__title">Lines</H2>
      {lines.length === 0 ? (
        <EmptyState headingLevel={3} title="Nothing counted yet" description="Each product counted shows here, with who counted it and when." />
      ) : (
        <>
          <ul className="count-lines" aria-label="Counted lines">
            {shown.rows.map((row) => (row.kind === 'recorded' ? <RecordedLine key={keyOf(row)} line={row.line} /> : <QueuedLine key={keyOf(row)} line={row.line} locationPath={row.locationPath} onDismiss={onDismiss} />))}
          </ul>
          {shown.pagination.totalPages > 1 && <ListPagination label="Pages of lines" noun="lines" shown={shown.rows.length} pagination={shown.pagination} onPageChange={setPage} />}
        </>
      )}
    </>
  );
}

function RecordedLine({ line }: { line: StockCountLineRecordFragment }) {
  return (
    <li className="count-lines__row" data-testid="count-line">
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
  );
}

/** A line on this device: waiting for the network, or refused by the server, with its message, until dismissed. */
function QueuedLine({ line, locationPath, onDismiss }: { line: QueuedCountLine; locationPath: string | null; onDismiss: (seq: number) => void }) {
  const refused = line.state === 'refused';
  return (
    <li className="count-lines__row" data-testid="count-line" data-state={line.state}>
      <div className="count-lines__what">
        <span className="count-lines__product">{line.productName}</span>
        <span className={Classes.TEXT_MUTED}>
          On this device, {formatDateTime(line.countedAt)}
          {locationPath && ` · ${locationPath}`}
        </span>
        {refused && (
          <span className="count-lines__message" data-testid="count-line-message">
            {line.message}
          </span>
        )}
      </div>
      <div className="count-lines__quantity">
        <strong data-testid="count-line-quantity">{formatCount(line.quantity)}</strong>
        <Tag minimal intent={refused ? 'danger' : 'warning'} data-testid="count-line-state">
          {refused ? 'Refused' : 'Waiting to be sent'}
        </Tag>
        {refused && <Button size="small" variant="minimal" text="Dismiss" aria-label={`Dismiss the refused line: ${formatCount(line.quantity)} of ${line.productName}`} onClick={() => onDismiss(line.seq)} />}
      </div>
    </li>
  );
}
