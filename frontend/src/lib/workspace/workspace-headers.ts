import { WORKSPACE_HEADER } from '@stockroom/schema';
import { readChosenWorkspace } from './workspace-storage';

/** The header naming the chosen workspace, for GraphQL and every REST call; none for the personal one, which the server picks without it. */
export function workspaceHeaders(): Record<string, string> {
  const workspaceId = readChosenWorkspace();
  return workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {};
}
