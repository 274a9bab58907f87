import type { ApolloClient } from '@apollo/client';
import { MeDocument, WorkspaceListDocument } from '@stockroom/schema/generated/hooks';
import type { ComponentType } from 'react';
import { saveAccount } from '../../lib/offline/account-copy';
import { currentCounts, sendWaitingChanges, subscribe } from '../../lib/offline/change-queue';
import { refreshProductCopy } from '../../lib/offline/product-copy';
import { readChosenWorkspace } from '../../lib/workspace/workspace-storage';
import OfflineStatus, { type OfflineStatusProps } from './components/OfflineStatus';

/** The first send and refresh of a start wait this long: the page's own first requests go first. */
const START_DELAY_MS = 2000;
/** A replay the server could not take (no answer, a 5xx) is tried again after this, doubling up to the longest wait. */
const RETRY_FIRST_MS = 5000;
const RETRY_LONGEST_MS = 60_000;

/** Keeps the signed-in account as the server last described it (the Me answer in the cache), so the app opens signed in offline. */
async function rememberAccount(client: ApolloClient): Promise<void> {
  const me = client.readQuery({ query: MeDocument });
  if (me?.me) await saveAccount(me).catch(() => undefined);
}

/** The chosen workspace requires a second factor this account lacks (as the cached list says): none of its products can be read. */
function keptOutOfChosen(client: ApolloClient): boolean {
  const chosen = readChosenWorkspace();
  const listed = client.readQuery({ query: WorkspaceListDocument })?.workspaces;
  return Boolean(listed?.find((workspace) => (chosen ? workspace.id === chosen : workspace.personal))?.needsSecondFactor);
}

/**
 * The offline client's work for a signed-in session in a workspace, outside React (so that it
 * draws nothing while there is nothing to say): while online it sends the changes waiting on the
 * device (a moment after the start, whenever the network comes back, and again a while after a
 * replay the server could not take), then keeps the account and refreshes the local copy of the
 * workspace's products; screens on view read the server again once changes have been sent.
 * `show` is called, with the header's status, once there is something to say (no network, changes
 * waiting or refused). Returns the stop.
 */
export function startOffline(client: ApolloClient, show: (status: ComponentType<OfflineStatusProps>) => void): () => void {
  let live = true;
  let timer: number | undefined;
  let retryMs = RETRY_FIRST_MS;

  const run = async () => {
    window.clearTimeout(timer);
    if (!navigator.onLine) return;
    const result = await sendWaitingChanges().catch(() => null);
    if (!live) return;
    if (result && result.sent > 0) void client.refetchQueries({ include: 'active' }).catch(() => undefined);
    if (result?.stoppedBy === 'retryLater') {
      // When the server said when (a rate limit's Retry-After), then; else later and later.
      timer = window.setTimeout(() => void run(), result.retryAfterMs ?? retryMs);
      if (result.retryAfterMs === undefined) retryMs = Math.min(retryMs * 2, RETRY_LONGEST_MS);
      return;
    }
    retryMs = RETRY_FIRST_MS;
    await rememberAccount(client);
    if (live && !keptOutOfChosen(client)) await refreshProductCopy({ force: Boolean(result && result.sent > 0) }).catch(() => undefined);
  };
  const onOnline = () => void run();

  const check = () => {
    const { waiting, refused } = currentCounts();
    if (live && (!navigator.onLine || waiting > 0 || refused > 0)) show(OfflineStatus);
  };

  window.addEventListener('online', onOnline);
  window.addEventListener('offline', check);
  const unsubscribe = subscribe(check);
  check();
  timer = window.setTimeout(() => void run(), START_DELAY_MS);
  return () => {
    live = false;
    window.clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', check);
    unsubscribe();
  };
}
