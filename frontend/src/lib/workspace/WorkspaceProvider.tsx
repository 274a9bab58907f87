import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { WorkspaceListDocument } from '@stockroom/schema/generated/hooks';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../session';
import { productListPath, WORKSPACE_PARAM } from '../urls';
import { WorkspaceContext, type WorkspaceContextValue, type WorkspaceSummary } from './workspace-context';
import { onSecondFactorRequired, onWorkspaceLost } from './workspace-events';
import { readChosenWorkspace, writeChosenWorkspace } from './workspace-storage';

/** The account's workspaces as the cache holds them (the session's Me query writes them), if it does. */
const cachedList = (client: ApolloClient): readonly WorkspaceSummary[] | undefined =>
  client.readQuery({ query: WorkspaceListDocument })?.workspaces ?? undefined;

/**
 * The chosen workspace, app-wide: remembered per account, sent with every request
 * (workspace-headers.ts), switched from the header's menu or by a link that names one
 * (`?workspace=<id>`, a teammate's product link). Without a choice, the personal one.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = state.isAuthenticated && state.user !== null;
  // Empty while a restored session's profile is still coming (the placeholder user).
  const accountId = state.user?.id || undefined;
  const [chosen, setChosen] = useState(readChosenWorkspace);
  // The list comes with the profile (the Me query), so a stored session's first render has it from the cache.
  const [listed, setListed] = useState(() => cachedList(client));

  // Kept as the cache last held it: emptying the cache on a switch does not empty the switcher.
  useEffect(
    () =>
      client.cache.watch({
        query: WorkspaceListDocument,
        optimistic: false,
        callback: (diff) => {
          if (diff.complete && diff.result) setListed(diff.result.workspaces);
        },
      }),
    [client],
  );

  const fetchList = useCallback(() => client.query({ query: WorkspaceListDocument, fetchPolicy: 'network-only' }), [client]);

  // Signed out: nothing listed. Signed in without the Me query's answer (a sign-in or sign-up in this tab): asked on its own.
  useEffect(() => {
    if (!signedIn) setListed(undefined);
    else if (accountId && !cachedList(client)) fetchList().catch(() => undefined);
  }, [signedIn, accountId, client, fetchList]);
  const workspaces = useMemo(() => listed ?? [], [listed]);

  // Another account signed in on this browser: its own choice applies.
  useEffect(() => setChosen(readChosenWorkspace()), [accountId]);

  const choose = useCallback(
    async (workspaceId: string | null, stay = false) => {
      writeChosenWorkspace(workspaceId);
      setChosen(workspaceId);
      if (!stay) navigate(productListPath);
      // Nothing of the other workspace may show: the cache empties and the screens on view ask again.
      await client.resetStore().catch(() => undefined);
    },
    [client, navigate],
  );

  useEffect(() => onWorkspaceLost(() => void choose(null, true)), [choose]);

  // Every screen's requests fail alike when the workspace requires a second factor: the list is read once for them all.
  const reading = useRef<Promise<unknown> | null>(null);
  useEffect(
    () =>
      onSecondFactorRequired(() => {
        reading.current ??= fetchList()
          .catch(() => undefined)
          .finally(() => (reading.current = null));
      }),
    [fetchList],
  );

  // The list no longer holds the remembered workspace (deleted, or left): back to the personal one.
  useEffect(() => {
    if (listed && chosen && !workspaces.some((w) => w.id === chosen)) void choose(null, true);
  }, [listed, chosen, workspaces, choose]);

  // A link that names a workspace the caller is a member of opens in it.
  const linked = new URLSearchParams(location.search).get(WORKSPACE_PARAM);
  useEffect(() => {
    if (!linked || !listed) return;
    const target = workspaces.find((w) => w.id === linked);
    if (!target) return;
    const current = chosen ?? workspaces.find((w) => w.personal)?.id;
    if (target.id !== current) void choose(target.personal ? null : target.id, true);
  }, [linked, listed, workspaces, chosen, choose]);

  const value = useMemo<WorkspaceContextValue>(() => {
    const current = chosen ? workspaces.find((w) => w.id === chosen) : workspaces.find((w) => w.personal);
    return {
      current,
      // The personal workspace is always its account's own (OWNER), known before the list answers.
      role: current?.role ?? (signedIn && !chosen ? 'OWNER' : null),
      workspaces,
      switchTo: (workspaceId, options) => choose(workspaces.find((w) => w.id === workspaceId)?.personal ? null : workspaceId, options?.stay),
      refresh: () => fetchList(),
    };
  }, [chosen, workspaces, signedIn, choose, fetchList]);

  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}
