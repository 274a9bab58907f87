import { Button, Card, Classes } from '@blueprintjs/core';
import { AddIcon, ClipboardIcon } from '@blueprintjs/icons';
import { useStockCountCreateMutation, useStockCountListQuery } from '@stockroom/schema/generated/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import { extractErrorMessage } from '../../../lib/errors';
import { formatCount, formatDate } from '../../../lib/format';
import { SignedInTitles } from '../../../lib/page-titles';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useWorkspaceRole } from '../../../lib/workspace';
import { NewStockCountDialog, type NewStockCount } from '../components/NewStockCountDialog';
import { StatusTag } from '../components/StatusTag';
import { scopeText } from '../count-scope';
import { stockCountPath } from '../urls';
import '../stock-counts.css';

const PAGE_SIZE = 20;

/**
 * /stock-counts: the workspace's stocktake sessions, newest first, each with
 * its state, what it covers and when. Admins and above open new ones.
 */
export default function StockCountsPage() {
  usePageTitle(SignedInTitles.stockCounts);
  const { can } = useWorkspaceRole();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useStockCountListQuery({ variables: { page, limit: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const [createCount] = useStockCountCreateMutation();
  const [creating, setCreating] = useState(false);
  const counts = list.data?.stockCounts;

  const create = async (input: NewStockCount) => {
    const { data } = await createCount({ variables: { input } });
    if (data) navigate(stockCountPath(data.createStockCount.id));
  };

  return (
    <div className="page page--narrow stock-counts-page">
      <PageHeader
        title="Stock counts"
        subtitle="Count what is on the shelves; approving a count books the differences."
        actions={
          can('manageStockCounts') && (
            <Button intent="primary" icon={<AddIcon />} onClick={() => setCreating(true)}>
              New stock count
            </Button>
          )
        }
      />
      <Card className="stock-counts-card">
        {list.error && !counts ? (
          <LoadError message={extractErrorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : !counts ? (
          <p className={Classes.SKELETON}>Loading stock counts</p>
        ) : counts.stockCounts.length === 0 ? (
          <EmptyState
            headingLevel={2}
            icon={<ClipboardIcon size={48} />}
            title="No stock counts yet"
            description={can('manageStockCounts') ? 'Start one to count a location, a category or everything.' : 'An admin starts a count; it shows here for you to count.'}
          />
        ) : (
          <>
            <ul className="stock-count-list" aria-label="Stock counts">
              {counts.stockCounts.map((count) => (
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
            <ListPagination noun="stock counts" shown={counts.stockCounts.length} pagination={counts.pagination} onPageChange={setPage} />
          </>
        )}
      </Card>
      {creating && <NewStockCountDialog onCreate={create} onClose={() => setCreating(false)} />}
    </div>
  );
}
