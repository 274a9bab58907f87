import type { Statement } from '../db/sql';
import type { ActivityKind } from './activity.entity';

/**
 * How a write that is not a product write (sign-in, profile, password) logs
 * its activity entry: in its own transaction, with `logActivityStatement`. A
 * product write's entries are written by the triggers on products
 * (db/triggers/product-history.sql), in the write's own transaction, so a
 * refused write logs nothing.
 */
export function logActivityStatement(userId: string, kind: ActivityKind, details: Record<string, unknown> = {}): Statement {
  // An account's own entries (sign-in, profile, password) go to its personal workspace, which the request has not entered:
  // the function writes there as the schema's owner (db/migrations/Migration20261129050000.ts).
  return { sql: 'SELECT log_account_activity(?, ?, ?::jsonb)', values: [userId, kind, JSON.stringify(details)] };
}

/** An entry in a workspace's activity, naming the member who acted. */
export function logWorkspaceActivityStatement(workspaceId: string, userId: string, kind: ActivityKind, details: Record<string, unknown> = {}): Statement {
  return { sql: 'INSERT INTO activity_log (workspace_id, user_id, kind, details) VALUES (?, ?, ?, ?::jsonb)', values: [workspaceId, userId, kind, JSON.stringify(details)] };
}
