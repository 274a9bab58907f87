import { useApolloClient } from '@apollo/client/react';
import { useWorkspaceListQuery } from '@stockroom/schema/generated/hooks';
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
  const list = useWorkspaceListQuery({ skip: !signedIn });
  const workspaces = useMemo(() => list.data?.workspaces ?? [], [list.data]);

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
    if (list.data && chosen && !workspaces.some((w) => w.id === chosen)) void choose(null, true);
  }, [list.data, chosen, workspaces, choose]);

  // A link that names a workspace the caller is a member of opens in it.
  const linked = new URLSearchParams(location.search).get(WORKSPACE_PARAM);
  useEffect(() => {
    if (!linked || !list.data) return;
    const target = workspaces.find((w) => w.id === linked);
    if (!target) return;
    const current = chosen ?? workspaces.find((w) => w.personal)?.id;
    if (target.id !== current) void choose(target.personal ? null : target.id, true);
  }, [linked, list.data, workspaces, chosen, choose]);

  const value = useMemo<WorkspaceContextValue>(() => {
    const current = chosen ? workspaces.find((w) => w.id === chosen) : workspaces.find((w) => w.personal);
    return {
      current,
      // The personal workspace is always its account's own (OWNER), known before the list answers.
      role: current?.role ?? (signedIn && !chosen ? 'OWNER' : null),
      workspaces,
      switchTo: (workspaceId, options) => choose(workspaces.find((w) => w.id === workspaceId)?.personal ? null : workspaceId, options?.stay),
      refresh: () => list.refetch(),
    };
  }, [chosen, workspaces, signedIn, choose, list]);

  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}
