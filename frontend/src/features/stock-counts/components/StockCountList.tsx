import { Classes } from '@blueprintjs/core';
import type { StockCountListQuery } from '@stockroom/schema/generated/graphql';
import { Link } from 'react-router-dom';
import { ListPagination } from '../../../components/ListPagination';
import { formatCount, formatDate } from '../../../lib/format';
import { scopeText } from '../count-scope';
import { stockCountPath } from '../urls';
import { StatusTag } from './StatusTag';

export interface StockCountListProps {
  list: StockCountListQuery['stockCounts'];
  onPageChange(page: number): void;
}

/** A page of stock counts, each with what it covers, its state and when, and the pages around it. */
export function StockCountList({ list, onPageChange }: StockCountListProps) {
  return (
    <>
      <ul className="stock-count-list" aria-label="Stock counts">
        {list.stockCounts.map((count) => (
          <li key={count.id} className="stock-count-list__item">
            <div className="stock-count-list__head">
              <Link to={stockCountPath(count.id)} className="stock-count-list__scope">
                {scopeText(count)}
              </Link>
              <StatusTag status={count.status} />
            </div>
            <div className={`${Classes.TEXT_MUTED} stock-count-list__meta`}>
              {[
                `Started ${formatDate(count.createdAt)}${count.createdBy ? ` by ${count.createdBy.fullName}` : ''}`,
                count.submittedAt && `submitted ${formatDate(count.submittedAt)}`,
                count.closedAt && `${count.status === 'CANCELLED' ? 'cancelled' : 'approved'} ${formatDate(count.closedAt)}`,
                `${formatCount(count.lineCount)} ${count.lineCount === 1 ? 'line' : 'lines'}`,
                count.blind && 'blind',
              ]
                .filter(Boolean)
                .join(' · ')}
            </div>
          </li>
        ))}
      </ul>
      <ListPagination noun="stock counts" shown={list.stockCounts.length} pagination={list.pagination} onPageChange={onPageChange} />
    </>
  );
}
