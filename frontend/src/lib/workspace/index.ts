/** The chosen workspace and the caller's role there, app-wide; the provider sits inside the session's. */
export { WorkspaceProvider } from './WorkspaceProvider';
export { useWorkspace, useWorkspaceRole, type WorkspaceSummary } from './workspace-context';
