import type { Statement } from '../db/sql';

/** A member's role in a workspace, as the access check reads it. */
export interface MembershipRow {
  workspaceId: string;
  role: string;
  /** The workspace requires a second factor and the member has none (their own personal workspace never does): refused. */
  secondFactorMissing: boolean;
}

/**
 * Whether the account `userSql` names (an SQL expression) has a confirmed
 * second factor: the one definition the workspace policy and an owner's
 * turning it on read.
 */
export const hasSecondFactorSql = (userSql: string) => `EXISTS (SELECT 1 FROM totp_factors WHERE user_id = ${userSql} AND confirmed_at IS NOT NULL)`;

/**
 * Whether the member `m` (workspace_members) is kept out of `w` (workspaces) by its policy: it requires a
 * second factor and they have none. Their own personal workspace always lets them in. The factor is looked
 * for only in a workspace that requires one, so the others pay nothing for the policy.
 */
export const secondFactorMissingSql = `CASE WHEN w.require_second_factor AND w.personal_user_id IS DISTINCT FROM m.user_id THEN NOT ${hasSecondFactorSql('m.user_id')} ELSE false END`;

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
