import type { WorkspaceRole } from '@stockroom/schema';
import type { Statement } from '../db/sql';

/** An invitation as the workspace's admins see it. */
export interface InvitationRow {
  id: string;
  email: string;
  role: WorkspaceRole;
  expiresAt: string | Date;
}

/** What the holder of an invitation's link may see before accepting it. */
export interface InvitationPreviewRow {
  email: string;
  role: WorkspaceRole;
  expiresAt: string | Date;
  workspaceName: string;
  invitedBy: string | null;
  accountExists: boolean;
}

/** An invitation as accepting it reads it, locked until the transaction ends so it is used once. */
export interface RedeemableInvitationRow {
  id: string;
  workspaceId: string;
  email: string;
  role: WorkspaceRole;
  pending: boolean;
}

const INVITATION_COLUMNS = 'id, email, role, expires_at AS "expiresAt"';
/** Not accepted, revoked or expired: the only invitations a link still works for. */
const pending = (alias = '') => `${alias}accepted_at IS NULL AND ${alias}revoked_at IS NULL AND ${alias}expires_at > now()`;

/** The workspace's pending invitations, newest first. */
export function pendingInvitationsStatement(workspaceId: string): Statement {
  return { sql: `SELECT ${INVITATION_COLUMNS} FROM workspace_invitations WHERE workspace_id = ? AND ${pending()} ORDER BY created_at DESC, id`, values: [workspaceId] };
}

/** One of the workspace's invitations that is not accepted or revoked (an expired one may be resent). */
export function openInvitationStatement(workspaceId: string, invitationId: string): Statement {
  return {
    sql: `SELECT ${INVITATION_COLUMNS} FROM workspace_invitations WHERE workspace_id = ? AND id = ? AND accepted_at IS NULL AND revoked_at IS NULL`,
    values: [workspaceId, invitationId],
  };
}

/** The invitation an address already has in the workspace (not accepted or revoked, perhaps expired), locked. */
export function openInvitationToStatement(workspaceId: string, email: string): Statement {
  return {
    sql: `SELECT ${INVITATION_COLUMNS} FROM workspace_invitations WHERE workspace_id = ? AND email = ? AND accepted_at IS NULL AND revoked_at IS NULL FOR UPDATE`,
    values: [workspaceId, email],
  };
}

/** Whether an account with this address is a member of the workspace. */
export function memberWithEmailStatement(workspaceId: string, email: string): Statement {
  return {
    sql: 'SELECT 1 AS found FROM workspace_members AS m JOIN users AS u ON u.id = m.user_id WHERE m.workspace_id = ? AND lower(u.email) = ?',
    values: [workspaceId, email],
  };
}

/**
 * A new invitation, or the address's open one renewed (the new role, token,
 * sender and week; the old link stops working): one per address, even when
 * two admins invite it at once.
 */
export function inviteStatement(workspaceId: string, email: string, role: WorkspaceRole, tokenHash: string, invitedBy: string, ttlDays: number): Statement {
  return {
    sql: `INSERT INTO workspace_invitations (id, workspace_id, email, role, token_hash, invited_by_id, expires_at)
      VALUES (gen_random_uuid(), ?, ?, ?, ?, ?, now() + make_interval(days => ?))
      ON CONFLICT (workspace_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL
      DO UPDATE SET role = excluded.role, token_hash = excluded.token_hash, invited_by_id = excluded.invited_by_id, created_at = now(), expires_at = excluded.expires_at
      RETURNING ${INVITATION_COLUMNS}`,
    values: [workspaceId, email, role, tokenHash, invitedBy, ttlDays],
  };
}

/** A new token, sender and week for an invitation still open: the old link stops working. No row if it was accepted or revoked meanwhile. */
export function renewInvitationStatement(invitationId: string, tokenHash: string, invitedBy: string, ttlDays: number): Statement {
  return {
    sql: `UPDATE workspace_invitations SET token_hash = ?, invited_by_id = ?, created_at = now(), expires_at = now() + make_interval(days => ?)
      WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL RETURNING ${INVITATION_COLUMNS}`,
    values: [tokenHash, invitedBy, ttlDays, invitationId],
  };
}

export function revokeInvitationStatement(invitationId: string): Statement {
  return { sql: 'UPDATE workspace_invitations SET revoked_at = now() WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id', values: [invitationId] };
}

/** The workspace's name and the sender's first name, for the mail. */
export function invitationMailFactsStatement(workspaceId: string, userId: string): Statement {
  return {
    sql: `SELECT w.name AS "workspaceName", trim(u.first_name || ' ' || u.last_name) AS "invitedBy" FROM workspaces AS w, users AS u WHERE w.id = ? AND u.id = ?`,
    values: [workspaceId, userId],
  };
}

/** A pending invitation by its token's hash, with what its page shows; no row for any other. */
export function invitationPreviewStatement(tokenHash: string): Statement {
  return {
    sql: `SELECT i.email, i.role, i.expires_at AS "expiresAt", w.name AS "workspaceName",
        CASE WHEN s.id IS NULL THEN NULL ELSE trim(s.first_name || ' ' || s.last_name) END AS "invitedBy",
        EXISTS (SELECT 1 FROM users AS u WHERE lower(u.email) = i.email) AS "accountExists"
      FROM workspace_invitations AS i JOIN workspaces AS w ON w.id = i.workspace_id LEFT JOIN users AS s ON s.id = i.invited_by_id
      WHERE i.token_hash = ? AND ${pending('i.')}`,
    values: [tokenHash],
  };
}

/** An invitation by its token's hash, locked, whether or not it is still pending. */
export function redeemableInvitationStatement(tokenHash: string): Statement {
  return {
    sql: `SELECT id, workspace_id AS "workspaceId", email, role, (${pending()}) AS pending FROM workspace_invitations WHERE token_hash = ? FOR UPDATE`,
    values: [tokenHash],
  };
}

/** Makes the account a member with the invitation's role (a member already keeps their role) and marks it accepted. */
export function acceptInvitationStatement(invitationId: string, workspaceId: string, userId: string, role: WorkspaceRole): Statement {
  return {
    sql: `WITH accepted AS (UPDATE workspace_invitations SET accepted_at = now() WHERE id = ?),
      joined AS (INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT (workspace_id, user_id) DO NOTHING),
      verified AS (UPDATE users SET email_verified = true, updated_at = now() WHERE id = ? AND NOT email_verified)
      SELECT 1`,
    values: [invitationId, workspaceId, userId, role, userId],
  };
}
