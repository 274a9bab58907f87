import { IDEMPOTENCY_KEY_HEADER, WORKSPACE_HEADER } from '@stockroom/schema';
import { readChosenWorkspace } from './workspace-storage';

/** The header naming a workspace (by default the chosen one), for GraphQL and every REST call; none for the personal one, which the server picks without it. */
export function workspaceHeaders(workspaceId: string | null = readChosenWorkspace()): Record<string, string> {
  return workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {};
}

/**
 * The headers of a REST call the client makes with fetch (outside Apollo): JSON answers, the
 * session's bearer token, the workspace the call is for, and, for a stock write, its
 * Idempotency-Key. `workspaceId` is the chosen workspace unless the call carries its own (a change
 * queued offline keeps the workspace it was made in).
 */
export function restHeaders(token: string | null, { workspaceId, idempotencyKey, json = false }: { workspaceId?: string | null; idempotencyKey?: string; json?: boolean } = {}): Record<string, string> {
  return {
    Accept: 'application/json',
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {}),
    ...workspaceHeaders(workspaceId),
  };
}
