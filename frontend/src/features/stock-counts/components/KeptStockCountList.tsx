import { Callout, Classes } from '@blueprintjs/core';
import { ClipboardIcon } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { formatDateTime } from '../../../lib/format';
import type { CountListOnDevice } from '../../../lib/offline/kept-count-list-model';
import { stockCountListOnDevice } from '../../../lib/offline/kept-stock-count-lists';
import { StockCountList } from './StockCountList';

export interface KeptStockCountListProps {
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
  /** Why the server's list is not shown: no network, or no answer from the server. */
  reason: 'offline' | 'unanswered';
}

/**
 * The stock counts list with no network (or no answer): the page as this device last saw it, from
 * the list's kept answer and the counts opened here. Only ever loaded then.
 */
export default function KeptStockCountList({ page, pageSize, onPageChange, reason }: KeptStockCountListProps) {
  const [shown, setShown] = useState<{ page: number; copy: CountListOnDevice | null } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    stockCountListOnDevice(page, pageSize).then(
      (copy) => live && setShown({ page, copy }),
      () => live && setShown({ page, copy: null }),
    );
    return () => {
      live = false;
    };
  }, [page, pageSize]);

  const why = reason === 'offline' ? 'Offline' : 'No answer from the server';
  if (shown?.page !== page) return <p className={Classes.SKELETON}>Loading stock counts</p>;
  if (!shown.copy) {
    return (
      <EmptyState
        headingLevel={2}
        icon={<ClipboardIcon size={48} />}
        title="Not on this device"
        description={`${reason === 'offline' ? 'There is no network' : 'The server did not answer'}, and this device has not seen this page of stock counts. Open it again when the network is back.`}
      />
    );
  }
  return (
    <>
      <Callout compact className="stock-count-kept" data-testid="stock-counts-kept">
        {why}: the stock counts as this device last saw them, {formatDateTime(new Date(shown.copy.savedAt))}.
      </Callout>
      {shown.copy.list.stockCounts.length === 0 ? <p className={Classes.TEXT_MUTED}>There were no stock counts.</p> : <StockCountList list={shown.copy.list} onPageChange={onPageChange} />}
    </>
  );
}
