import { getBrowserStorages, readBrowserToken } from '../session/storage';

/** The chosen workspace's storage key is this and the account's id. */
export const WORKSPACE_KEY_PREFIX = 'stockroom_workspace:';

/** The signed-in account's id, read from its session token's `sub` claim (the server checks the token; this only names a storage key). */
export function accountIdOf(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

const keyOf = () => {
  const account = accountIdOf(readBrowserToken());
  return account ? `${WORKSPACE_KEY_PREFIX}${account}` : null;
};

/** The workspace this account chose last, per account so a shared browser never sends one account's choice for another; null: the personal one. */
export function readChosenWorkspace(): string | null {
  const key = keyOf();
  return key ? getBrowserStorages().local.getItem(key) : null;
}

/** Remembers the chosen workspace for this account; null goes back to the personal one. */
export function writeChosenWorkspace(workspaceId: string | null): void {
  const key = keyOf();
  if (!key) return;
  if (workspaceId) getBrowserStorages().local.setItem(key, workspaceId);
  else getBrowserStorages().local.removeItem(key);
}
