import type { WorkspaceRole } from '@stockroom/schema';
import { secondFactorMissingSql } from '../account/second-factor-policy';
import type { Statement } from '../db/sql';

/** A workspace as its member sees it: with their own role. */
export interface WorkspaceRow {
  id: string;
  name: string;
  role: WorkspaceRole;
  personal: boolean;
  /** Members need a confirmed second factor to act in it. */
  requireSecondFactor: boolean;
  /** It requires a second factor and the caller has none: they must set one up before working in it. */
  needsSecondFactor: boolean;
}

export interface MemberRow {
  user: { id: string; firstName: string; lastName: string; email: string };
  role: WorkspaceRole;
  joinedAt: string | Date;
}

/** `needsSecondFactor` as the access check admits members (account/workspace-access.ts). */
const WORKSPACE_COLUMNS = `w.id, w.name, m.role, w.personal, w.require_second_factor AS "requireSecondFactor", ${secondFactorMissingSql} AS "needsSecondFactor"`;

/** The workspaces a user belongs to: the personal one first, then by name. */
export function workspacesOfStatement(userId: string): Statement {
  return {
    sql: `SELECT ${WORKSPACE_COLUMNS} FROM workspace_members AS m JOIN workspaces AS w ON w.id = m.workspace_id
      WHERE m.user_id = ? ORDER BY w.personal DESC, lower(w.name), w.id`,
    values: [userId],
  };
}

export function workspaceOfStatement(workspaceId: string, userId: string): Statement {
  return {
    sql: `SELECT ${WORKSPACE_COLUMNS} FROM workspace_members AS m JOIN workspaces AS w ON w.id = m.workspace_id WHERE w.id = ? AND m.user_id = ?`,
    values: [workspaceId, userId],
  };
}

/** A new shared workspace with its creator as its owner, in one statement. */
export function createWorkspaceStatement(name: string, userId: string): Statement {
  return {
    sql: `WITH created AS (INSERT INTO workspaces (id, name) VALUES (gen_random_uuid(), ?) RETURNING id, name, personal),
      joined AS (INSERT INTO workspace_members (workspace_id, user_id, role) SELECT id, ?, 'OWNER' FROM created)
      SELECT id, name, 'OWNER' AS role, personal, false AS "requireSecondFactor", false AS "needsSecondFactor" FROM created`,
    values: [name, userId],
  };
}

export function renameWorkspaceStatement(workspaceId: string, name: string): Statement {
  return { sql: 'UPDATE workspaces SET name = ?, updated_at = now() WHERE id = ?', values: [name, workspaceId] };
}

/** Turns the second-factor requirement on or off; a row only when that changed it. */
export function setRequireSecondFactorStatement(workspaceId: string, required: boolean): Statement {
  return {
    sql: 'UPDATE workspaces SET require_second_factor = ?, updated_at = now() WHERE id = ? AND require_second_factor <> ? RETURNING id',
    values: [required, workspaceId, required],
  };
}

/** Deletes a shared workspace and, by its foreign keys, everything in it; a personal one stays (no row back). */
export function deleteWorkspaceStatement(workspaceId: string): Statement {
  return { sql: 'DELETE FROM workspaces WHERE id = ? AND NOT personal RETURNING id', values: [workspaceId] };
}

const MEMBER_SELECT = `SELECT json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email) AS "user",
    m.role, m.joined_at AS "joinedAt"
  FROM workspace_members AS m JOIN users AS u ON u.id = m.user_id`;

/** The members, owners first, then by name. */
export function membersStatement(workspaceId: string): Statement {
  return { sql: `${MEMBER_SELECT} WHERE m.workspace_id = ? ORDER BY m.role = 'OWNER' DESC, lower(u.first_name), lower(u.last_name), u.id`, values: [workspaceId] };
}

export function memberStatement(workspaceId: string, userId: string): Statement {
  return { sql: `${MEMBER_SELECT} WHERE m.workspace_id = ? AND m.user_id = ?`, values: [workspaceId, userId] };
}

/**
 * The workspace's row locked until the transaction ends, so changes of its
 * owners take turns (two owners demoting each other at once cannot leave
 * none), with how many owners it has and whose personal workspace it is.
 */
export function lockedWorkspaceStatement(workspaceId: string): Statement {
  return {
    sql: `SELECT w.personal_user_id AS "personalUserId",
        (SELECT count(*)::int FROM workspace_members WHERE workspace_id = w.id AND role = 'OWNER') AS owners
      FROM workspaces AS w WHERE w.id = ? FOR UPDATE`,
    values: [workspaceId],
  };
}

export function memberRoleStatement(workspaceId: string, userId: string): Statement {
  return { sql: 'SELECT role FROM workspace_members WHERE workspace_id = ? AND user_id = ?', values: [workspaceId, userId] };
}

export function setMemberRoleStatement(workspaceId: string, userId: string, role: WorkspaceRole): Statement {
  return { sql: 'UPDATE workspace_members SET role = ? WHERE workspace_id = ? AND user_id = ?', values: [role, workspaceId, userId] };
}

export function removeMemberStatement(workspaceId: string, userId: string): Statement {
  return { sql: 'DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?', values: [workspaceId, userId] };
}
