import { Button, Callout, Card, H2, Tag } from '@blueprintjs/core';
import { memo, useCallback, useEffect, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import type { ChangeState, QueuedChange } from '../../../lib/offline/change-queue-model';
import { dismissChange, sendWaitingChanges } from '../../../lib/offline/change-queue';
import { useOffline } from '../../../lib/offline/network-status';
import { onProductCopyRefreshed, productCopyState, refreshProductCopy } from '../../../lib/offline/product-copy';
import { useQueuedChanges } from '../../../lib/offline/useQueuedChanges';
import { formatDateTime } from '../../../lib/format';
import { SignedInTitles } from '../../../lib/page-titles';
import { usePageTitle } from '../../../lib/usePageTitle';
import '../offline.css';

/** The sent changes listed: the newest, enough to see that the last ones went. */
const SENT_SHOWN = 20;

const STATE_TAGS: Record<ChangeState, { text: string; intent: 'none' | 'success' | 'danger' }> = {
  pending: { text: 'Waiting', intent: 'none' },
  done: { text: 'Sent', intent: 'success' },
  refused: { text: 'Refused', intent: 'danger' },
};

/** One change; drawn again only when it changes (a replay settles the changes one by one). */
const ChangeRow = memo(function ChangeRow({ change }: { change: QueuedChange }) {
  const tag = STATE_TAGS[change.state];
  return (
    <li className="offline-changes__item" data-testid="offline-change" data-state={change.state}>
      <Tag intent={tag.intent} round minimal={change.state === 'pending'}>
        {tag.text}
      </Tag>
      <span className="offline-changes__label">{change.label}</span>
      <span className="bp6-text-muted">{formatDateTime(new Date(change.queuedAt))}</span>
      {change.state === 'refused' && (
        <>
          <p className="offline-changes__message" data-testid="offline-change-message">
            {change.message}
          </p>
          <Button size="small" onClick={() => void dismissChange(change.seq!)} aria-label={`Dismiss: ${change.label}`}>
            Dismiss
          </Button>
        </>
      )}
    </li>
  );
});

/** The most changes a section lists (a count may queue hundreds of lines); the rest are counted under it. */
const LISTED_MAX = 50;

function ChangeSection({ title, changes, empty }: { title: string; changes: readonly QueuedChange[]; empty?: string }) {
  if (changes.length === 0 && !empty) return null;
  const more = changes.length - LISTED_MAX;
  return (
    <section className="offline-changes__section" aria-label={title}>
      <H2>{title}</H2>
      {changes.length === 0 ? (
        <p className="bp6-text-muted">{empty}</p>
      ) : (
        <>
          <ul className="offline-changes__list">
            {changes.slice(0, LISTED_MAX).map((change) => (
              <ChangeRow key={change.seq} change={change} />
            ))}
          </ul>
          {more > 0 && <p className="bp6-text-muted">and {more} more</p>}
        </>
      )}
    </section>
  );
}

/** How many products the device holds for finding them offline, and since when; refreshed on demand while online. */
function ProductCopyCard({ offline }: { offline: boolean }) {
  const [state, setState] = useState<Awaited<ReturnType<typeof productCopyState>>>(null);
  const [refreshing, setRefreshing] = useState(false);
  const read = useCallback(() => void productCopyState().then(setState, () => setState(null)), []);
  useEffect(() => {
    read();
    return onProductCopyRefreshed(read);
  }, [read]);
  const refresh = async () => {
    setRefreshing(true);
    await refreshProductCopy({ force: true }).catch(() => undefined);
    setRefreshing(false);
  };
  return (
    <Card className="offline-changes__section">
      <H2>Products on this device</H2>
      <p data-testid="offline-product-copy">
        {state
          ? `${state.count} ${state.count === 1 ? 'product' : 'products'} of this workspace, refreshed ${formatDateTime(new Date(state.syncedAt))}${state.truncated ? ' (the first ones by name only)' : ''}.`
          : 'None yet: they are copied while the app is online.'}{' '}
        With no network, the quick search and the scanner find them here by name, SKU or barcode.
      </p>
      <Button disabled={offline} loading={refreshing} onClick={() => void refresh()}>
        Refresh now
      </Button>
    </Card>
  );
}

/**
 * The changes recorded on this device: those waiting for the network, those the server refused
 * (with its reason, until dismissed), and the last ones sent.
 */
export default function OfflineChangesPage() {
  usePageTitle(SignedInTitles.offline);
  const offline = useOffline();
  const { changes, waiting } = useQueuedChanges();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    await sendWaitingChanges().catch(() => undefined);
    setSending(false);
  };
  const newestFirst = (state: ChangeState) => changes.filter((change) => change.state === state).reverse();
  return (
    <div className="page page--narrow">
      <PageHeader
        title="Offline changes"
        subtitle="Changes recorded on this device are sent in the order they were made as soon as there is a network."
        actions={
          <Button intent="primary" disabled={offline || waiting === 0} loading={sending} onClick={() => void send()}>
            Send now
          </Button>
        }
      />
      {offline && (
        <Callout intent="warning" className="offline-changes__section">
          <strong>No network.</strong> Stock changes and counts you record are kept on this device and sent when the network is back.
        </Callout>
      )}
      <ChangeSection title="Needs attention" changes={newestFirst('refused')} />
      <ChangeSection title="Waiting" changes={changes.filter((change) => change.state === 'pending')} empty="Nothing is waiting to be sent." />
      <ChangeSection title="Sent" changes={newestFirst('done').slice(0, SENT_SHOWN)} />
      <ProductCopyCard offline={offline} />
    </div>
  );
}
