import type { Statement } from '../db/sql';
import { secondFactorMissingSql } from './second-factor-policy';

/** A member's role in a workspace, as the access check reads it. */
export interface MembershipRow {
  workspaceId: string;
  role: string;
  /** The workspace requires a second factor and the member has none (their own personal workspace never does): refused. */
  secondFactorMissing: boolean;
}

/** The membership columns, from `m` joined to `w`. */
const MEMBERSHIP_COLUMNS = `m.workspace_id AS "workspaceId", m.role, ${secondFactorMissingSql} AS "secondFactorMissing"`;

/** The caller's personal workspace and their role there (its owner, unless that changed). */
export function personalMembershipStatement(userId: string): Statement {
  return {
    sql: `SELECT ${MEMBERSHIP_COLUMNS} FROM workspaces AS w
      JOIN workspace_members AS m ON m.workspace_id = w.id AND m.user_id = w.personal_user_id
      WHERE w.personal_user_id = ?`,
    values: [userId],
  };
}

/** The caller's role in one workspace; no row when they are not a member (or there is no such workspace). */
export function membershipStatement(workspaceId: string, userId: string): Statement {
  return {
    sql: `SELECT ${MEMBERSHIP_COLUMNS} FROM workspace_members AS m JOIN workspaces AS w ON w.id = m.workspace_id WHERE m.workspace_id = ? AND m.user_id = ?`,
    values: [workspaceId, userId],
  };
}

/**
 * The caller's membership of one workspace, read in the statement that finds
 * the caller (`caller` is that statement's row, with its `user` and, for a
 * token, its `token`), so naming a workspace costs a request no round trip:
 * `membership` is null when they are not a member.
 */
export function withMembership(caller: Statement, workspace: Statement): Statement {
  return {
    sql: `SELECT caller.*, to_jsonb(ws) AS membership FROM (${caller.sql}) AS caller
      LEFT JOIN LATERAL (SELECT ${MEMBERSHIP_COLUMNS} FROM workspace_members AS m JOIN workspaces AS w ON w.id = m.workspace_id
        WHERE m.user_id = (caller."user" ->> 'id')::uuid AND m.workspace_id = ${workspace.sql}) AS ws ON true`,
    values: [...caller.values, ...workspace.values],
  };
}

/** The workspace a header names, for withMembership. */
export const namedWorkspace = (workspaceId: string): Statement => ({ sql: '?::uuid', values: [workspaceId] });
/** The caller's personal workspace, for withMembership. */
export const callerPersonalWorkspace: Statement = { sql: `(SELECT id FROM workspaces WHERE personal_user_id = (caller."user" ->> 'id')::uuid)`, values: [] };
/** The workspace the caller's token was made in, for withMembership. */
export const callerTokenWorkspace: Statement = { sql: `(caller.token ->> 'workspace_id')::uuid`, values: [] };
