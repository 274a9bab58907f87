import { Tag } from '@blueprintjs/core';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { MeDocument } from '@stockroom/schema/generated/hooks';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { waitingLabel } from '../../../lib/offline/change-queue-model';
import { saveAccount } from '../../../lib/offline/account-copy';
import { queueCountLine, sendWaitingChanges } from '../../../lib/offline/change-queue';
import { useOffline } from '../../../lib/offline/network-status';
import { refreshProductCopy } from '../../../lib/offline/product-copy';
import { useQueuedChanges } from '../../../lib/offline/useQueuedChanges';
import { useWorkspace } from '../../../lib/workspace';
import { offlineChangesPath } from '../urls';
import '../offline.css';

/** The first send and refresh of a start wait this long: the page's own first requests go first. */
const START_DELAY_MS = 2000;
/** A replay the server could not take (no answer, a 5xx) is tried again after this, up to the longest wait. */
const RETRY_FIRST_MS = 5000;
const RETRY_LONGEST_MS = 60_000;

declare global {
  interface Window {
    /** The offline queue's entry for count lines, for the browser tests and scripts until the count screens send through it. */
    stockroomOffline?: { queueCountLine: typeof queueCountLine };
  }
}

/** Keeps the signed-in account as the server last described it (the Me answer in the cache), so the app opens signed in offline. */
async function rememberAccount(client: ApolloClient): Promise<void> {
  const me = client.readQuery({ query: MeDocument });
  if (me?.me) await saveAccount(me).catch(() => undefined);
}

/**
 * While online: sends the changes waiting on the device (on start, when the network comes back,
 * and again a while after a replay the server could not take), then refreshes the local copy of
 * the workspace's products (after keeping the account's profile, for an offline start). Screens on
 * view read the server again once changes have been sent.
 */
function useOfflineSync(offline: boolean, workspaceId: string | undefined) {
  const client = useApolloClient();
  const started = useRef(false);
  useEffect(() => {
    const delay = started.current ? 0 : START_DELAY_MS;
    started.current = true;
    if (offline) return undefined;
    let live = true;
    let timer: number | undefined;
    let retryMs = RETRY_FIRST_MS;
    const run = async () => {
      const result = await sendWaitingChanges().catch(() => null);
      if (!live) return;
      if (result && result.sent > 0) void client.refetchQueries({ include: 'active' }).catch(() => undefined);
      if (result?.stoppedBy === 'retryLater') {
        timer = window.setTimeout(() => void run(), retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_LONGEST_MS);
        return;
      }
      await rememberAccount(client);
      await refreshProductCopy({ force: Boolean(result && result.sent > 0) }).catch(() => undefined);
    };
    timer = window.setTimeout(() => void run(), delay);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [offline, workspaceId, client]);
}

/**
 * The header's word on the network and the queue: "Offline" with no network, how many changes wait
 * to be sent and how many the server refused; a link to the list of them. Nothing when all is sent.
 */
export default function OfflineStatus({ compact }: { compact: boolean }) {
  const offline = useOffline();
  const { current } = useWorkspace();
  const { waiting, refused } = useQueuedChanges();
  useOfflineSync(offline, current?.id);
  useEffect(() => {
    window.stockroomOffline = { queueCountLine };
  }, []);

  if (!offline && waiting === 0 && refused === 0) return null;
  const needAttention = `${refused} need${refused === 1 ? 's' : ''} attention`;
  const parts = [offline && 'Offline', waiting > 0 && waitingLabel(waiting), refused > 0 && needAttention].filter(Boolean);
  // On a phone the header has room for one short tag: the link's name says it all.
  const compactText = [offline && 'Offline', waiting > 0 && String(waiting), refused > 0 && `${refused}!`].filter(Boolean).join(' · ');
  return (
    <Link to={offlineChangesPath} className="offline-status" aria-label={`${parts.join(', ')}: see the changes on this device`} data-testid="offline-status">
      {compact ? (
        <Tag intent={refused > 0 ? 'danger' : offline ? 'warning' : 'none'} round>
          {compactText}
        </Tag>
      ) : (
        <>
          {offline && (
            <Tag intent="warning" round>
              Offline
            </Tag>
          )}
          {waiting > 0 && (
            <Tag round minimal data-testid="offline-waiting">
              {waitingLabel(waiting)}
            </Tag>
          )}
          {refused > 0 && (
            <Tag intent="danger" round data-testid="offline-refused">
              {needAttention}
            </Tag>
          )}
        </>
      )}
    </Link>
  );
}
