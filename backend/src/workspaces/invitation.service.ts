import {
  INVITATION_MAILS_PER_WORKSPACE_PER_HOUR,
  INVITATION_TTL_DAYS,
  InvitationFields,
  isWorkspaceRole,
  Rules,
  validateFields,
  WorkspaceMessages,
  type WorkspaceRole,
} from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { consumeRateLimit } from '../account/rate-limiter';
import { createOneTimeSecret, hashOneTimeSecret } from '../account/tokens';
import { requireViewerRows } from '../account/viewer';
import { assertRoleAllows, requireRoleIn } from '../account/workspace-access';
import { assertValid, canonicalId } from '../common/errors';
import { invitationLink } from '../mail/client-links';
import { invitationMail } from '../mail/templates';
import { AlreadyMemberError, InvitationForAnotherEmailError, InvitationGoneError, InvitationNotFoundError } from './invitation.errors';
import {
  acceptInvitationStatement,
  invitationMailFactsStatement,
  invitationPreviewStatement,
  inviteStatement,
  memberWithEmailStatement,
  openInvitationStatement,
  openInvitationToStatement,
  pendingInvitationsStatement,
  redeemableInvitationStatement,
  renewInvitationStatement,
  revokeInvitationStatement,
  type InvitationPreviewRow,
  type InvitationRow,
  type RedeemableInvitationRow,
} from './invitation.queries';
import { workspaceOfStatement, type WorkspaceRow } from './workspace.queries';

export interface InvitationInput {
  email?: unknown;
  role?: unknown;
}

/** An invitation as both transports answer: its expiry as a Date. */
export type Invitation = Omit<InvitationRow, 'expiresAt'> & { expiresAt: Date };
const invitationOf = (row: InvitationRow): Invitation => ({ id: row.id, email: row.email, role: row.role, expiresAt: new Date(row.expiresAt) });

/** What the page of an invitation's link shows: nothing its holder could not learn from the mail, and whether to sign in or up. */
export type InvitationPreview = Omit<InvitationPreviewRow, 'expiresAt'> & { expiresAt: Date };

export interface AcceptedInvitation {
  workspace: WorkspaceRow;
  role: WorkspaceRole;
}

const HOUR_MS = 60 * 60_000;

/** An admin manages invitations for roles below owner; only an owner invites (or revokes the invitation of) an owner. */
const permissionFor = (role: WorkspaceRole) => (role === 'OWNER' ? 'manageWorkspace' : 'manageMembers');

function inputOf(input: InvitationInput): { email: string; role: WorkspaceRole } {
  const errors = validateFields(InvitationFields, { email: input.email });
  if (!isWorkspaceRole(input.role)) errors.role = WorkspaceMessages.roleInvalid;
  assertValid(errors);
  return { email: String(input.email).trim().toLowerCase(), role: input.role as WorkspaceRole };
}

/** The token of a link, checked only for shape: a string of sane length; anything else that is not a live token is 410. */
function tokenHashOf(rawToken: unknown): string {
  assertValid(validateFields({ token: Rules.linkToken }, { token: rawToken }));
  return hashOneTimeSecret(String(rawToken).trim());
}

/**
 * Counts one invitation mail against the workspace's own hourly budget
 * (a 429 with Retry-After past it). The account's mail limits are for mails
 * about the account itself; this one bounds how many strangers a workspace
 * can mail, generously enough to invite a whole team at once. Called before
 * any transaction opens: the count runs on a connection of its own, and a
 * request that held one connection while it waited for another could starve
 * the pool under a burst of invitations.
 */
const claimInvitationMail = (ctx: RequestContext, workspaceId: string) =>
  consumeRateLimit(ctx.em, `invitation-mails:${workspaceId}`, INVITATION_MAILS_PER_WORKSPACE_PER_HOUR, HOUR_MS);

/** Mails a new link once its invitation is committed, so the link never names a row that was rolled back. */
async function mailInvitation(ctx: RequestContext, workspaceId: string, senderId: string, issued: { invitation: Invitation; token: string }): Promise<Invitation> {
  const { invitation, token } = issued;
  const [facts] = await ctx.sql.query<{ workspaceName: string; invitedBy: string }>(invitationMailFactsStatement(workspaceId, senderId));
  await ctx.mailer.send(invitationMail(invitation.email, { ...facts, role: invitation.role, expiresInDays: INVITATION_TTL_DAYS }, invitationLink(ctx.config.appUrl, token)));
  return invitation;
}

/*
 * Invitations to a workspace. Managing them needs a session and the role to
 * manage members (an owner's role for an owner's invitation); the workspace
 * is the one the path names. Reading and accepting one is by its link's
 * token, which only its mail carries.
 */
export const invitationService = {
  /** The workspace's pending invitations (not accepted, revoked or expired), newest first. */
  async list(ctx: RequestContext, rawWorkspaceId: unknown): Promise<Invitation[]> {
    const { workspaceId } = await requireRoleIn(ctx, rawWorkspaceId, 'manageMembers');
    return (await ctx.sql.query<InvitationRow>(pendingInvitationsStatement(workspaceId))).map(invitationOf);
  },

  /**
   * Invites an address with a role and mails it the link. A member's address
   * is a 409. An address with an open invitation gets that one renewed (new
   * role, token and week, the old link dead) and mailed again, so there is
   * never more than one per address.
   */
  async invite(ctx: RequestContext, rawWorkspaceId: unknown, input: InvitationInput): Promise<Invitation> {
    const { user, role: callerRole, workspaceId } = await requireRoleIn(ctx, rawWorkspaceId, 'manageMembers');
    const { email, role } = inputOf(input);
    assertRoleAllows(callerRole, permissionFor(role));
    if ((await ctx.sql.query(memberWithEmailStatement(workspaceId, email))).length) throw new AlreadyMemberError();
    await claimInvitationMail(ctx, workspaceId);
    const issued = await ctx.sql.transaction(async (tx) => {
      const [open] = await tx.query<InvitationRow>(openInvitationToStatement(workspaceId, email));
      if (open) assertRoleAllows(callerRole, permissionFor(open.role));
      const { token, hash } = createOneTimeSecret();
      const [row] = await tx.query<InvitationRow>(inviteStatement(workspaceId, email, role, hash, user.id, INVITATION_TTL_DAYS));
      return { invitation: invitationOf(row), token };
    });
    return mailInvitation(ctx, workspaceId, user.id, issued);
  },

  /** Mails an open invitation again with a new link and a new week; the old link stops working. Counts against the workspace's limit. */
  async resend(ctx: RequestContext, rawWorkspaceId: unknown, rawInvitationId: unknown): Promise<Invitation> {
    const { user, role: callerRole, workspaceId } = await requireRoleIn(ctx, rawWorkspaceId, 'manageMembers');
    const invitationId = canonicalId(rawInvitationId);
    const [open] = await ctx.sql.query<InvitationRow>(openInvitationStatement(workspaceId, invitationId));
    if (!open) throw new InvitationNotFoundError();
    assertRoleAllows(callerRole, permissionFor(open.role));
    await claimInvitationMail(ctx, workspaceId);
    const { token, hash } = createOneTimeSecret();
    const [row] = await ctx.sql.query<InvitationRow>(renewInvitationStatement(open.id, hash, user.id, INVITATION_TTL_DAYS));
    if (!row) throw new InvitationNotFoundError();
    return mailInvitation(ctx, workspaceId, user.id, { invitation: invitationOf(row), token });
  },

  /** Revokes an open invitation: its link answers 410 from now on. Answers its id. */
  async revoke(ctx: RequestContext, rawWorkspaceId: unknown, rawInvitationId: unknown): Promise<string> {
    const { role: callerRole, workspaceId } = await requireRoleIn(ctx, rawWorkspaceId, 'manageMembers');
    const invitationId = canonicalId(rawInvitationId);
    const [open] = await ctx.sql.query<InvitationRow>(openInvitationStatement(workspaceId, invitationId));
    if (!open) throw new InvitationNotFoundError();
    assertRoleAllows(callerRole, permissionFor(open.role));
    const [revoked] = await ctx.sql.query<{ id: string }>(revokeInvitationStatement(open.id));
    if (!revoked) throw new InvitationNotFoundError();
    return revoked.id;
  },

  /**
   * What an invitation's page shows to whoever holds the link, signed in or
   * not: the workspace, who invited, the role, the address and whether an
   * account has it (sign in, or sign up with it). The link came by mail to
   * that address, so none of it is news to its holder. A link that is not
   * pending: 410.
   */
  async preview(ctx: RequestContext, rawToken: unknown): Promise<InvitationPreview> {
    const [row] = await ctx.sql.query<InvitationPreviewRow>(invitationPreviewStatement(tokenHashOf(rawToken)));
    if (!row) throw new InvitationGoneError();
    return { ...row, expiresAt: new Date(row.expiresAt) };
  },

  /**
   * Accepts an invitation for the signed-in account, whose email must be the
   * invited address (another account: 403), and makes it a member with the
   * invitation's role; a member already keeps the role they have. Used,
   * revoked, renewed, expired or unknown: 410. The link came by mail to that
   * address, so following it proves the address as a verification link
   * would: an account signed up from the invitation needs no second mail.
   */
  async accept(ctx: RequestContext, rawToken: unknown): Promise<AcceptedInvitation> {
    const { user } = await requireViewerRows(ctx);
    const tokenHash = tokenHashOf(rawToken);
    const workspaceId = await ctx.sql.transaction(async (tx) => {
      const [invitation] = await tx.query<RedeemableInvitationRow>(redeemableInvitationStatement(tokenHash));
      if (!invitation?.pending) throw new InvitationGoneError();
      if (String(user.email).toLowerCase() !== invitation.email) throw new InvitationForAnotherEmailError();
      await tx.query(acceptInvitationStatement(invitation.id, invitation.workspaceId, user.id, invitation.role));
      return invitation.workspaceId;
    });
    const [workspace] = await ctx.sql.query<WorkspaceRow>(workspaceOfStatement(workspaceId, user.id));
    return { workspace, role: workspace.role };
  },
};

