import { useApolloClient } from '@apollo/client/react';
import { Button, Callout, Card, Classes } from '@blueprintjs/core';
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
import { formatCount, formatDate, formatDateTime } from '../../../lib/format';
import { dismissChange } from '../../../lib/offline/change-queue';
import { useOffline } from '../../../lib/offline/network-status';
import { queuedCountLinesOf } from '../../../lib/offline/queued-count-lines';
import { useQueuedChanges } from '../../../lib/offline/useQueuedChanges';
import { SignedInTitles } from '../../../lib/page-titles';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useWorkspaceRole } from '../../../lib/workspace';
import { CountEntry } from '../components/CountEntry';
import { CountLines, type ShownLine } from '../components/CountLines';
import { CountReview, type Approval } from '../components/CountReview';
import { StatusTag } from '../components/StatusTag';
import { addLineToCachedCount, lineRecordOf, withRecordedLines } from '../count-cache';
import { placesInScope, scopeText, showsExpected } from '../count-scope';
import type { CountLineOutcome, RecordedCountLine } from '../send-count-line';
import { useCountEntry } from '../useCountEntry';
import { useKeptCount } from '../useKeptCount';
import { useScopeStock } from '../useScopeStock';
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
  const offline = useOffline();
  // With no network (or no answer), the count as this device last had it.
  const kept = useKeptCount(id, details.data, scope.data?.locations, !details.data && (offline || Boolean(details.error)));
  const shownDetails = details.data ?? kept?.details;
  const fromDevice = !details.data && Boolean(kept);
  const count = shownDetails?.stockCount.stockCount;
  // The lines recorded on this screen, for this count, until the count's answer holds them.
  const [recorded, setRecorded] = useState<{ countId: string; lines: StockCountLineRecordFragment[] }>({ countId: id, lines: [] });
  // This count's lines in the device's queue: waiting to be sent, refused, or sent (with the server's line).
  const { changes } = useQueuedChanges();
  const queued = useMemo(() => queuedCountLinesOf(changes, id), [changes, id]);
  const answered = shownDetails?.stockCount.lines;
  const locations = scope.data?.locations ?? kept?.locations ?? undefined;
  const places = useMemo(() => placesInScope(locations ?? [], count?.locationId ?? null), [locations, count?.locationId]);
  const lines = useMemo((): ShownLine[] | undefined => {
    if (!answered) return undefined;
    const sent = queued.flatMap((line) => (line.state === 'done' && line.recorded ? [lineRecordOf(line.recorded as RecordedCountLine)] : []));
    const onServer = withRecordedLines(answered, [...(recorded.countId === id ? recorded.lines : []), ...sent]);
    const pathOf = new Map((locations ?? []).map((location) => [location.id, location.path]));
    return [
      ...onServer.map((line): ShownLine => ({ kind: 'recorded', line })),
      ...queued.filter((line) => line.state !== 'done').map((line): ShownLine => ({ kind: 'queued', line, locationPath: line.locationId ? (pathOf.get(line.locationId) ?? null) : null })),
    ];
  }, [answered, recorded, id, queued, locations]);
  const waiting = queued.filter((line) => line.state === 'pending').length;
  const refetch = details.refetch;
  const client = useApolloClient();
  const onSent = useCallback(
    (outcome: CountLineOutcome, productName: string) => {
      if (outcome.kind === 'waiting') return void toast.success(`Counted ${productName}: saved on this device, sent when the network is back`);
      const { line } = outcome;
      if (!line) return void refetch().catch(() => undefined);
      addLineToCachedCount(client.cache, id, line);
      setRecorded((known) => ({ countId: id, lines: [...(known.countId === id ? known.lines : []), lineRecordOf(line)] }));
      toast.success(`Counted ${formatCount(line.quantity)} of ${line.productName ?? 'the product'}${line.locationPath ? ` at ${line.locationPath}` : ''}`);
    },
    [client, id, refetch],
  );
  const entry = useCountEntry(id, places, count?.locationId ?? null, count?.category ?? null, onSent);
  // The scope's stock, kept on the device for counting with no network, read after the page's own answers (and again until read).
  useScopeStock(id, count?.locationId ?? null, mayCount && details.data?.stockCount.stockCount.status === 'OPEN' && Boolean(scope.data));

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
      {details.error && !count && kept !== undefined ? (
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
          {fromDevice && kept && (
            <Callout compact className="stock-count-kept" data-testid="stock-count-kept">
              Offline: this count as this device last saw it, {formatDateTime(new Date(kept.savedAt))}.
            </Callout>
          )}
          {count.status === 'OPEN' && mayCount && <CountEntry entry={entry} places={places} showExpected={showsExpected(count, mayApprove)} />}
          {count.status === 'IN_REVIEW' && (
            <Card className="stock-counts-card">
              <CountReview countId={count.id} mayApprove={mayApprove} onApprove={approve} />
            </Card>
          )}
          <Card className="stock-counts-card">
            <CountLines lines={lines} onDismiss={(seq) => void dismissChange(seq)} />
            {count.status === 'OPEN' && mayCount && (
              <div className="stock-count-submit">
                {(waiting > 0 || offline) && (
                  <span className={Classes.TEXT_MUTED} data-testid="stock-count-submit-note">
                    {offline ? 'Submit once the network is back.' : 'Submit once the lines waiting on this device are sent.'}
                  </span>
                )}
                <Button intent="primary" icon={<SendMessageIcon />} onClick={() => setAsking('submit')} disabled={lines.length === 0 || waiting > 0 || offline}>
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
        intent={asking === 'submit' ? 'primary' : 'danger'}
        busy={submitting || cancelling}
        onConfirm={() => void act()}
        onCancel={() => setAsking(null)}
      >
        {asking === 'submit' ? 'No more lines can be counted once it is submitted. An admin then reviews and approves it.' : 'Nothing of it is booked, and no more lines can be counted.'}
      </ConfirmAlert>
    </div>
  );
}
