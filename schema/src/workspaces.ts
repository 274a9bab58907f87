import type { ApiTokenScope } from './api-tokens';
import { Rules, type TextRule } from './validation';

/**
 * What a member of a workspace may do, one table that the server enforces and
 * the client reads to offer only what a role can do. Roles are cumulative,
 * strongest first: each may do everything of the roles below it.
 */
export const WORKSPACE_ROLES = ['OWNER', 'ADMIN', 'EDITOR', 'COUNTER', 'VIEWER'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Each role in one line, as the members page explains it. */
export const WORKSPACE_ROLE_SUMMARIES: Record<WorkspaceRole, string> = {
  OWNER: 'Everything, including owners, renaming and deleting the workspace',
  ADMIN: 'An editor who also manages members (not owners), stock counts, webhooks, the trash and settings',
  EDITOR: 'Creates, edits, deletes, imports and restores products',
  COUNTER: 'A viewer who also records stock movements and counts',
  VIEWER: 'Reads products, history and stats, and exports them',
};

/**
 * Everything a role may or may not do, with the weakest role allowed and the
 * token scope a personal access token needs for it (`null`: a session only).
 */
export const WORKSPACE_PERMISSIONS = {
  /** Read products, their history and the stats; export. */
  readProducts: { role: 'VIEWER', tokenScope: 'read' },
  /** Adjust, sell, receive, count and transfer stock. */
  moveStock: { role: 'COUNTER', tokenScope: 'write' },
  /** Create, edit, delete, trash, restore, import and bulk-change products. */
  editProducts: { role: 'EDITOR', tokenScope: 'write' },
  /** Create, rename, move and delete the workspace's locations. */
  manageLocations: { role: 'EDITOR', tokenScope: 'write' },
  /** Open, cancel and approve stock counts (approving books their differences); see the expected quantities of a blind count. */
  manageStockCounts: { role: 'ADMIN', tokenScope: 'write' },
  /** Purge the trash for good. */
  purgeTrash: { role: 'ADMIN', tokenScope: 'write' },
  /** Webhooks and the low-stock email settings. */
  manageSettings: { role: 'ADMIN', tokenScope: null },
  /** Members other than owners: their roles and their removal. */
  manageMembers: { role: 'ADMIN', tokenScope: null },
  /** Owners themselves, renaming and deleting the workspace. */
  manageWorkspace: { role: 'OWNER', tokenScope: null },
} as const satisfies Record<string, { role: WorkspaceRole; tokenScope: ApiTokenScope | null }>;
export type WorkspacePermission = keyof typeof WORKSPACE_PERMISSIONS;

/** Whether `role` may do what `permission` names. */
export function roleAllows(role: WorkspaceRole, permission: WorkspacePermission): boolean {
  return WORKSPACE_ROLES.indexOf(role) <= WORKSPACE_ROLES.indexOf(WORKSPACE_PERMISSIONS[permission].role);
}

/**
 * Whether a workspace with `owners` owners still has one once a member of `role` stops being an owner
 * (demoted, removed, or leaving): the last owner may do none of these, so someone can always manage it.
 */
export function keepsAnOwner(role: WorkspaceRole, owners: number): boolean {
  return role !== 'OWNER' || owners > 1;
}

/** The header that names the workspace a request acts in; without it, the caller's personal workspace. */
export const WORKSPACE_HEADER = 'X-Workspace-Id';

export const WorkspaceMessages = {
  notFound: 'Workspace not found',
  lastOwner: 'A workspace must keep at least one owner',
  onlyOwnerCannotLeave: 'You are the only owner, so you cannot leave: make another member an owner first, or delete the workspace.',
  personalNotDeleted: 'A personal workspace cannot be deleted',
  personalNotLeft: 'A personal workspace cannot be left: its account stays a member',
  memberNotFound: 'Member not found',
  roleInvalid: `Role must be one of ${WORKSPACE_ROLES.join(', ')}`,
  /** A request in a workspace whose owners require a second factor, by an account without one. */
  secondFactorRequired: 'This workspace requires two-factor authentication. Set it up in your profile to continue',
  /** An owner turning the requirement on without a second factor of their own. */
  ownerWithoutSecondFactor: 'Set up two-factor authentication for your own account first: otherwise you would lock yourself out of this workspace',
  requireSecondFactorInvalid: 'requireSecondFactor must be true or false',
} as const;

/** A workspace's name, trimmed: 1 to 100 characters, as a token's name. */
export const WORKSPACE_NAME_MAX = 100;
export const WorkspaceFields = {
  name: { kind: 'text', label: 'Name', required: true, min: 1, max: WORKSPACE_NAME_MAX } satisfies TextRule,
};

/** Whether a value names a role. */
export const isWorkspaceRole = (value: unknown): value is WorkspaceRole => (WORKSPACE_ROLES as readonly unknown[]).includes(value);

export const InvitationMessages = {
  notFound: 'Invitation not found',
  alreadyMember: 'This person is already a member of the workspace',
  otherEmail: 'This invitation is for another email address',
  noLongerValid: 'This invitation is no longer valid',
} as const;

/** An invitation lasts a week; a resend starts the week again. */
export const INVITATION_TTL_DAYS = 7;
/** Invitation mails (new ones and resends) one workspace may send per hour: a team of twenty invited at once fits twice over. */
export const INVITATION_MAILS_PER_WORKSPACE_PER_HOUR = 50;

/** An invitation's address, by the account email rule (lower-cased when stored), and its role. */
export const InvitationFields = { email: Rules.email };
