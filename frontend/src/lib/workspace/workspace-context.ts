import { roleAllows, type WorkspacePermission, type WorkspaceRole } from '@stockroom/schema';
import type { WorkspaceSummaryFragment } from '@stockroom/schema/generated/graphql';
import { createContext, useContext } from 'react';

export type WorkspaceSummary = WorkspaceSummaryFragment;

export interface WorkspaceContextValue {
  /** The workspace requests act in; undefined until the list has loaded. */
  current: WorkspaceSummary | undefined;
  /** The caller's role there; null while it is not known yet. */
  role: WorkspaceRole | null;
  workspaces: readonly WorkspaceSummary[];
  /** Acts in another workspace from now on: the cache is emptied so nothing of the other one shows. */
  switchTo(workspaceId: string, options?: { stay?: boolean }): Promise<void>;
  /** Reads the list again (after a create, rename, delete or leave). */
  refresh(): Promise<unknown>;
}

const signedOut: WorkspaceContextValue = {
  current: undefined,
  role: null,
  workspaces: [],
  switchTo: () => Promise.resolve(),
  refresh: () => Promise.resolve(),
};

export const WorkspaceContext = createContext<WorkspaceContextValue>(signedOut);

export const useWorkspace = () => useContext(WorkspaceContext);

/**
 * What the caller may do in the chosen workspace, from the role table the server enforces: screens
 * offer only what the role allows (the server still refuses the rest). Unknown role: nothing.
 */
export function useWorkspaceRole(): { role: WorkspaceRole | null; can(permission: WorkspacePermission): boolean } {
  const { role } = useWorkspace();
  return { role, can: (permission) => role !== null && roleAllows(role, permission) };
}
