import { Button, Callout, Card, Classes } from '@blueprintjs/core';
import { AddIcon, ClipboardIcon } from '@blueprintjs/icons';
import type { StockCountListQuery } from '@stockroom/schema/generated/graphql';
import { useStockCountCreateMutation, useStockCountListQuery } from '@stockroom/schema/generated/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import { extractErrorMessage } from '../../../lib/errors';
import { useOffline } from '../../../lib/offline/network-status';
import { isPassingFailure } from '../../../lib/offline/read-retry';
import { SignedInTitles } from '../../../lib/page-titles';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useWorkspaceRole } from '../../../lib/workspace';
import { readChosenWorkspace } from '../../../lib/workspace/workspace-storage';
import { NewStockCountDialog, type NewStockCount } from '../components/NewStockCountDialog';
import { StockCountList } from '../components/StockCountList';
import { stockCountPath } from '../urls';
import '../stock-counts.css';

const PAGE_SIZE = 20;

/** The list as this device last saw it: only ever loaded with no network (or no answer). */
const KeptStockCountList = lazy(() => import('../components/KeptStockCountList'));
/** Keeps each answer of the list on the device, in its own chunk: the list's first load does without it. */
const keepList = (workspaceId: string | null, page: number, list: StockCountListQuery['stockCounts']) =>
  import('../../../lib/offline/kept-stock-count-lists').then((kept) => kept.keepStockCountList(workspaceId, page, list)).catch(() => undefined);

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
  const offline = useOffline();
  // With no network (or no answer from the server), the list as this device last saw it.
  const fromDevice = !counts && (offline || (list.error && isPassingFailure(list.error)));

  useEffect(() => {
    // Under the workspace chosen as the answer is drawn, the one it came from.
    if (counts) void keepList(readChosenWorkspace(), page, counts);
  }, [page, counts]);

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
            <>
              {offline && (
                <span id="stock-counts-offline-note" className={`${Classes.TEXT_MUTED} stock-counts-offline-note`} data-testid="stock-counts-offline-note">
                  Starting a count needs the network.
                </span>
              )}
              <Button intent="primary" icon={<AddIcon />} onClick={() => setCreating(true)} disabled={offline} aria-describedby={offline ? 'stock-counts-offline-note' : undefined}>
                New stock count
              </Button>
            </>
          )
        }
      />
      <Card className="stock-counts-card">
        {fromDevice ? (
          <Suspense fallback={<p className={Classes.SKELETON}>Loading stock counts</p>}>
            <KeptStockCountList page={page} pageSize={PAGE_SIZE} onPageChange={setPage} reason={offline ? 'offline' : 'unanswered'} />
          </Suspense>
        ) : list.error && !counts ? (
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
            {offline && (
              <Callout compact className="stock-count-kept" data-testid="stock-counts-kept">
                Offline: the stock counts as this device last saw them.
              </Callout>
            )}
            <StockCountList list={counts} onPageChange={setPage} />
          </>
        )}
      </Card>
      {creating && <NewStockCountDialog onCreate={create} onClose={() => setCreating(false)} />}
    </div>
  );
}
