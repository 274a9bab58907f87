import { useApolloClient } from '@apollo/client/react';
import { Button, Card, Classes } from '@blueprintjs/core';
import { ArrowLeftIcon, DisableIcon, SendMessageIcon } from '@blueprintjs/icons';
import {
  useStockCountApproveMutation,
  useStockCountCancelMutation,
  useStockCountDetailsQuery,
  useStockCountScopeOptionsQuery,
  useStockCountSubmitMutation,
} from '@stockroom/schema/generated/hooks';
import type { StockCountLineRecordFragment } from '@stockroom/schema/generated/graphql';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ConfirmAlert } from '../../../components/ConfirmAlert';
import { LinkButton } from '../../../components/LinkButton';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import { extractErrorMessage } from '../../../lib/errors';
import { formatCount, formatDate } from '../../../lib/format';
import { SignedInTitles } from '../../../lib/page-titles';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useWorkspaceRole } from '../../../lib/workspace';
import { CountEntry } from '../components/CountEntry';
import { CountLines } from '../components/CountLines';
import { CountReview, type Approval } from '../components/CountReview';
import { StatusTag } from '../components/StatusTag';
import { addLineToCachedCount, lineRecordOf, withRecordedLines } from '../count-cache';
import { placesInScope, scopeText, showsExpected } from '../count-scope';
import type { RecordedCountLine } from '../send-count-line';
import { useCountEntry } from '../useCountEntry';
import { stockCountListPath } from '../urls';
import '../stock-counts.css';

/**
 * /stock-counts/:id: one count. While it is OPEN, counters (and above) record
 * lines and submit it; IN_REVIEW, its review, which admins approve (all lines
 * or some) or cancel; once closed, what became of each line.
 */
export default function StockCountPage() {
  const { id = '' } = useParams();
  usePageTitle(SignedInTitles.stockCount);
  const { can } = useWorkspaceRole();
  const mayCount = can('moveStock');
  const mayApprove = can('manageStockCounts');
  const details = useStockCountDetailsQuery({ variables: { id }, fetchPolicy: 'cache-and-network' });
  const scope = useStockCountScopeOptionsQuery({ skip: !mayCount });
  const [submitCount, { loading: submitting }] = useStockCountSubmitMutation();
  const [cancelCount, { loading: cancelling }] = useStockCountCancelMutation();
  const [approveCount] = useStockCountApproveMutation();
  const [asking, setAsking] = useState<'submit' | 'cancel' | null>(null);
  const count = details.data?.stockCount.stockCount;
  // The lines recorded on this screen, for this count, until the count's answer holds them.
  const [recorded, setRecorded] = useState<{ countId: string; lines: StockCountLineRecordFragment[] }>({ countId: id, lines: [] });
  const answered = details.data?.stockCount.lines;
  const lines = useMemo(() => answered && withRecordedLines(answered, recorded.countId === id ? recorded.lines : []), [answered, recorded, id]);
  const places = useMemo(() => placesInScope(scope.data?.locations ?? [], count?.locationId ?? null), [scope.data, count?.locationId]);
  const refetch = details.refetch;
  const client = useApolloClient();
  const onRecorded = useCallback(
    (line: RecordedCountLine) => {
      addLineToCachedCount(client.cache, id, line);
      setRecorded((known) => ({ countId: id, lines: [...(known.countId === id ? known.lines : []), lineRecordOf(line)] }));
      toast.success(`Counted ${formatCount(line.quantity)} of ${line.productName ?? 'the product'}${line.locationPath ? ` at ${line.locationPath}` : ''}`);
    },
    [client, id],
  );
  const entry = useCountEntry(id, places, count?.locationId ?? null, onRecorded);

  const act = async () => {
    const step = asking;
    try {
      if (step === 'submit') await submitCount({ variables: { id } });
      else if (step === 'cancel') await cancelCount({ variables: { id } });
      await refetch();
      toast.success(step === 'submit' ? 'Submitted for review' : 'Stock count cancelled');
    } catch (error) {
      toast.error(extractErrorMessage(error));
      void refetch();
    } finally {
      setAsking(null);
    }
  };

  const approve = async ({ lineIds, notCountedAsZero }: Approval) => {
    await approveCount({ variables: { id, input: { lineIds, notCountedAsZero } } });
    await refetch();
    toast.success('Stock count approved');
  };

  return (
    <div className="page page--narrow stock-counts-page">
      <LinkButton className="stock-count-back" variant="minimal" icon={<ArrowLeftIcon />} to={stockCountListPath}>
        Back to Stock counts
      </LinkButton>
      {details.error && !count ? (
        <LoadError message={extractErrorMessage(details.error)} onRetry={() => void details.refetch()} />
      ) : !count || !lines ? (
        <>
          <PageHeader title="Stock count" />
          <p className={Classes.SKELETON}>Loading the stock count</p>
        </>
      ) : (
        <>
          <PageHeader
            title={`Count: ${scopeText(count)}`}
            subtitle={
              <span className="stock-count-subtitle">
                <StatusTag status={count.status} />
                <span>
                  {[`Started ${formatDate(count.createdAt)}${count.createdBy ? ` by ${count.createdBy.fullName}` : ''}`, count.blind && 'blind count'].filter(Boolean).join(' · ')}
                </span>
              </span>
            }
            actions={
              mayApprove &&
              (count.status === 'OPEN' || count.status === 'IN_REVIEW') && (
                <Button icon={<DisableIcon />} onClick={() => setAsking('cancel')}>
                  Cancel count
                </Button>
              )
            }
          />
          {count.status === 'OPEN' && mayCount && <CountEntry entry={entry} places={places} showExpected={showsExpected(count, mayApprove)} />}
          {count.status === 'IN_REVIEW' && (
            <Card className="stock-counts-card">
              <CountReview countId={count.id} mayApprove={mayApprove} onApprove={approve} />
            </Card>
          )}
          <Card className="stock-counts-card">
            <CountLines lines={lines} />
            {count.status === 'OPEN' && mayCount && (
              <div className="stock-count-submit">
                <Button intent="primary" icon={<SendMessageIcon />} onClick={() => setAsking('submit')} disabled={lines.length === 0}>
                  Submit for review
                </Button>
              </div>
            )}
          </Card>
        </>
      )}
      <ConfirmAlert
        isOpen={asking !== null}
        title={asking === 'submit' ? 'Submit for review?' : 'Cancel this stock count?'}
        icon={asking === 'submit' ? <SendMessageIcon /> : <DisableIcon />}
        confirmText={asking === 'submit' ? 'Submit' : 'Cancel count'}
        busy={submitting || cancelling}
        onConfirm={() => void act()}
        onCancel={() => setAsking(null)}
      >
        {asking === 'submit' ? 'No more lines can be counted once it is submitted. An admin then reviews and approves it.' : 'Nothing of it is booked, and no more lines can be counted.'}
      </ConfirmAlert>
    </div>
  );
}
