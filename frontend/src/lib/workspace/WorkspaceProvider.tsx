import { useApolloClient } from '@apollo/client/react';
import type { WorkspaceListQuery } from '@stockroom/schema/generated/graphql';
import { WorkspaceListDocument } from '@stockroom/schema/generated/hooks';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../session';
import { productListPath, WORKSPACE_PARAM } from '../urls';
import { WorkspaceContext, type WorkspaceContextValue } from './workspace-context';
import { onWorkspaceLost } from './workspace-events';
import { readChosenWorkspace, writeChosenWorkspace } from './workspace-storage';

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
  const accountId = state.user?.id;
  const [chosen, setChosen] = useState(readChosenWorkspace);
  const [listed, setListed] = useState<WorkspaceListQuery>();
  // Asked once the caller is signed in (and again on refresh): a query hook would put its machinery
  // into the first load of every page, the signed-out ones included.
  const fetchList = useCallback(async () => {
    const { data } = await client.query({ query: WorkspaceListDocument, fetchPolicy: 'network-only' });
    if (data) setListed(data);
  }, [client]);
  // Asked again after each switch: a request naming a workspace the caller has lost fails whole, this one included.
  useEffect(() => {
    if (signedIn) fetchList().catch(() => undefined);
    else setListed(undefined);
  }, [signedIn, accountId, chosen, fetchList]);
  const workspaces = useMemo(() => listed?.workspaces ?? [], [listed]);

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
