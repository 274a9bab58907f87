import type { StockCountListQuery } from '@stockroom/schema/generated/graphql';
import { countListOnDevice, type CountListOnDevice } from './kept-count-list-model';
import { offlineDb } from './offline-db';
import { currentCopyKey } from './product-copy';

/**
 * The stock counts list as the server last answered it to this device, per account, workspace and
 * page, so that the list opens with no network (kept-count-list-model.ts has what it then shows).
 */

const keyOf = (workspace: string, page: number) => `${workspace}:${page}`;

/**
 * Keeps the list's answer for a page in `workspaceId`, the workspace chosen when the page drew it
 * (null: the personal one). The caller reads it as it draws the answer: a switch of workspace empties
 * Apollo's cache and drops the requests in flight before anything is drawn again, so that is the
 * workspace the answer came from, where the choice read once this module has loaded might not be.
 */
export async function keepStockCountList(workspaceId: string | null, page: number, list: StockCountListQuery['stockCounts']): Promise<void> {
  const workspace = currentCopyKey(workspaceId);
  if (!workspace) return;
  await (await offlineDb()).put('stockCountLists', { key: keyOf(workspace, page), workspace, page, list, savedAt: Date.now() });
}

/** The page of the list this device can show in the chosen workspace; null when it has nothing to show. */
export async function stockCountListOnDevice(page: number, pageSize: number): Promise<CountListOnDevice | null> {
  const workspace = currentCopyKey();
  if (!workspace) return null;
  const db = await offlineDb();
  const [keptList, keptCounts] = await Promise.all([db.get('stockCountLists', keyOf(workspace, page)), db.getAllFromIndex('stockCounts', 'workspace', workspace)]);
  return countListOnDevice(keptList ?? null, keptCounts, page, pageSize);
}
