import {
  AuthMessages,
  EmailChangeFields,
  PAGINATION,
  ProfileFields,
  UserAdminFields,
  UserListFields,
  UserMessages,
  isBlank,
  validateFields,
  validatePresentFields,
} from '@stockroom/schema';
import { logActivityStatement } from '../activity/activity.queries';
import { assertEmailFree, claimingEmail } from '../auth/email-uniqueness';
import { assertCurrentPassword, normalizeEmail, revokeOneTimeTokens, sendVerificationEmail } from '../auth/auth.service';
import { consumeMailActionQuota, MailKind, recipientWithinCap } from '../auth/mail-limits';
import { revokeSessionsStatement } from '../auth/session.queries';
import { requireAdmin, requireViewer } from '../auth/viewer';
import type { RequestContext, Viewer } from '../common/context';
import { assertId, assertValid, DomainError, ForbiddenError } from '../common/errors';
import { paginationOf, type Pagination } from '../common/pagination';
import { runStatement } from '../db/sql';
import { emailChangedMail } from '../mail/templates';
import { User, UserRole, UserStatus } from './user.entity';
import { LastAdminError, UserNotFoundError } from './user.errors';
import {
  adminStatsStatement,
  otherActiveAdminsStatement,
  userCountStatement,
  userPageStatement,
} from './user.queries';

/** Fields a user may change of their own account. */
export interface ProfileChanges {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  /** The caller's own password: required when the email changes, ignored otherwise. */
  currentPassword?: unknown;
}

/** What an admin may also change, of someone else's account only. */
export interface UserChanges extends ProfileChanges {
  role?: unknown;
  status?: unknown;
}

export interface UserListRequest {
  page?: unknown;
  limit?: unknown;
  search?: unknown;
}

export interface UserPageResult {
  users: User[];
  pagination: Pagination;
}

/** What anyone may see of a user: nothing private (no email, role, status or dates beyond "member since"). */
export interface PublicProfileView {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  avatar: string | null;
  memberSince: Date;
}

export interface AdminStatsView {
  totalUsers: number;
  activeUsers: number;
  inactiveUsers: number;
  adminUsers: number;
  verifiedUsers: number;
  newUsersLast7Days: number;
  signedInUsers: number;
  totalProducts: number;
  inventoryValue: number;
}

const isAdmin = (viewer: Viewer) => viewer.user.role === UserRole.Admin;

/** Only the user themself or an admin may read or change an account; anyone else gets 403 whether or not it exists. */
async function requireSelfOrAdmin(ctx: RequestContext, id: unknown): Promise<Viewer> {
  const viewer = await requireViewer(ctx);
  assertId(id);
  if (viewer.user.id !== id && !isAdmin(viewer)) throw new ForbiddenError(AuthMessages.accessDenied);
  return viewer;
}

async function findUser(ctx: RequestContext, id: string): Promise<User> {
  const user = await ctx.em.findOne(User, { id });
  if (!user) throw new UserNotFoundError();
  return user;
}

/**
 * Runs a write; a failure the service did not foresee reaches the caller as
 * the catalogue's message for that write (e.g. 'Failed to update user
 * profile'), never as a database error.
 */
async function failingAs<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    console.error('[users]', error);
    throw new DomainError('INTERNAL_SERVER_ERROR', message);
  }
}

/** The normalized new address when `email` changes the account's, else undefined (case alone is no change). */
function newEmailOf(user: User, email: unknown): string | undefined {
  if (email === undefined) return undefined;
  const normalized = normalizeEmail(String(email));
  return normalized === user.email ? undefined : normalized;
}

/**
 * An email change needs the caller's own current password, also when an
 * admin changes someone else's: whoever holds the address can reset the
 * password, so a stolen session would otherwise become the account for
 * good. The attempt counts against the caller's hourly mail actions before
 * the password is checked, which also bounds guesses through this form.
 */
async function confirmEmailChange(ctx: RequestContext, viewer: Viewer, currentPassword: unknown): Promise<void> {
  assertValid(validateFields(EmailChangeFields, { currentPassword }));
  await consumeMailActionQuota(ctx, viewer.user.id);
  await assertCurrentPassword(viewer.user, currentPassword as string);
}

/** Applies profile (and, for an admin on someone else, role and status) changes; returns the names of fields that changed. */
async function applyChanges(ctx: RequestContext, user: User, input: UserChanges): Promise<string[]> {
  const changed: string[] = [];
  for (const key of ['firstName', 'lastName'] as const) {
    const value = input[key];
    if (value !== undefined && String(value).trim() !== user[key]) {
      user[key] = String(value).trim();
      changed.push(key);
    }
  }
  const email = newEmailOf(user, input.email);
  if (email !== undefined) {
    await assertEmailFree(ctx, email, user.id);
    user.email = email;
    user.emailVerified = false;
    changed.push('email');
  }
  if (input.role !== undefined && input.role !== user.role) {
    user.role = input.role as UserRole;
    changed.push('role');
  }
  if (input.status !== undefined && input.status !== user.status) {
    user.status = input.status as UserStatus;
    changed.push('status');
  }
  return changed;
}

/**
 * A change of address is confirmed at the new one; the old one is told, in
 * case it was not its owner's doing. Each mail is skipped once its address
 * had its hourly share (see mail-limits.ts); the change itself stands.
 */
async function announceEmailChange(ctx: RequestContext, user: User, previousEmail: string) {
  await sendVerificationEmail(ctx, user);
  if (await recipientWithinCap(ctx, MailKind.EmailChanged, previousEmail)) {
    ctx.mailer.send(emailChangedMail(previousEmail, user.firstName, user.email));
  }
}

export const userService = {
  /** A whole account: the user themself or an admin (403 for anyone else). */
  async get(ctx: RequestContext, id: unknown): Promise<User> {
    await requireSelfOrAdmin(ctx, id);
    return findUser(ctx, id as string);
  },

  /**
   * Changes an account. The user themself may change their name and email;
   * an admin may also change the role and status of someone else, never
   * their own (so an admin cannot lock every admin out by accident).
   * A new email needs the caller's current password and must be free; it
   * starts unverified, every emailed link sent before stops working, and the
   * new address gets a verification mail.
   */
  async update(ctx: RequestContext, id: unknown, input: UserChanges): Promise<User> {
    const viewer = await requireSelfOrAdmin(ctx, id);
    const self = viewer.user.id === id;
    const writesAccess = input.role !== undefined || input.status !== undefined;
    if (writesAccess && (self || !isAdmin(viewer))) throw new ForbiddenError(AuthMessages.accessDenied);
    assertValid(validatePresentFields({ ...ProfileFields, ...UserAdminFields }, { ...input }));
    const user = self ? viewer.user : await findUser(ctx, id as string);
    if (newEmailOf(user, input.email) !== undefined) await confirmEmailChange(ctx, viewer, input.currentPassword);
    const previousEmail = user.email;
    return failingAs(UserMessages.updateFailed, async () => {
      const changed = await applyChanges(ctx, user, input);
      if (!changed.length) return user;
      await claimingEmail(() =>
        ctx.em.transactional(async (em) => {
          await em.flush();
          if (changed.includes('email')) await revokeOneTimeTokens(em, user.id);
          if (user.status === UserStatus.Inactive && changed.includes('status')) await runStatement(em, revokeSessionsStatement(user.id));
          const profileFields = changed.filter((field) => field in ProfileFields);
          if (profileFields.length) {
            await runStatement(em, logActivityStatement(user.id, 'profile_updated', { fields: profileFields, ...(!self && { byAdmin: true }) }));
          }
        }),
      );
      if (changed.includes('email')) await announceEmailChange(ctx, user, previousEmail);
      return user;
    });
  },

  /** The signed-in user's own name and email (`updateProfile`); a new email needs `currentPassword`. */
  async updateProfile(ctx: RequestContext, input: ProfileChanges): Promise<User> {
    const { user } = await requireViewer(ctx);
    return userService.update(ctx, user.id, { firstName: input.firstName, lastName: input.lastName, email: input.email, currentPassword: input.currentPassword });
  },

  /**
   * Deactivation (the spec's "delete"): the account becomes Inactive and
   * every one of its sessions is revoked; its data stays. The user themself
   * or an admin; the last active admin cannot be deactivated.
   */
  async deactivate(ctx: RequestContext, id: unknown): Promise<string> {
    await requireSelfOrAdmin(ctx, id);
    const user = await findUser(ctx, id as string);
    return failingAs(UserMessages.deactivateFailed, async () => {
      if (user.role === UserRole.Admin && user.status === UserStatus.Active) {
        const [{ admins }] = await runStatement<{ admins: number }>(ctx.em, otherActiveAdminsStatement(user.id));
        if (admins === 0) throw new LastAdminError();
      }
      await ctx.em.transactional(async (em) => {
        user.status = UserStatus.Inactive;
        await em.flush();
        await runStatement(em, revokeSessionsStatement(user.id));
      });
      return UserMessages.deactivated;
    });
  },

  /** Admin: every account, newest first, searched by name or email. */
  async list(ctx: RequestContext, request: UserListRequest): Promise<UserPageResult> {
    await requireAdmin(ctx);
    const input = { ...request, search: typeof request.search === 'string' ? request.search.trim() : request.search };
    assertValid(validateFields(UserListFields, input));
    const page = isBlank(input.page) ? PAGINATION.defaultPage : Number(input.page);
    const limit = isBlank(input.limit) ? PAGINATION.defaultLimit : Number(input.limit);
    const search = (input.search as string | undefined) || undefined;
    const [rows, [{ total }]] = await Promise.all([
      runStatement<object>(ctx.em, userPageStatement(search, limit, (page - 1) * limit)),
      runStatement<{ total: number }>(ctx.em, userCountStatement(search)),
    ]);
    return { users: rows.map((row) => ctx.em.map(User, row)), pagination: paginationOf(page, limit, total) };
  },

  /** What anyone may see of an active account: name, avatar and member since. */
  async publicProfile(ctx: RequestContext, id: unknown): Promise<PublicProfileView> {
    assertId(id);
    const user = await ctx.em.findOne(User, { id, status: UserStatus.Active });
    if (!user) throw new UserNotFoundError();
    return { id: user.id, firstName: user.firstName, lastName: user.lastName, fullName: user.fullName, avatar: user.avatar ?? null, memberSince: user.createdAt };
  },

  /** Admin: accounts and catalogues across the whole app, in one statement. */
  async adminStats(ctx: RequestContext): Promise<AdminStatsView> {
    await requireAdmin(ctx);
    const [stats] = await runStatement<AdminStatsView>(ctx.em, adminStatsStatement());
    return stats;
  },

  /**
   * Sets (or with null, removes) an account's avatar: the user themself or an
   * admin. The replaced avatar's file is deleted once the change is stored.
   */
  async setAvatar(ctx: RequestContext, id: unknown, avatar: string | null): Promise<User> {
    const viewer = await requireSelfOrAdmin(ctx, id);
    const user = viewer.user.id === id ? viewer.user : await findUser(ctx, id as string);
    const previousAvatar = user.avatar ?? null;
    return failingAs(UserMessages.updateFailed, async () => {
      await ctx.em.transactional(async (em) => {
        user.avatar = avatar;
        await em.flush();
        await runStatement(em, logActivityStatement(user.id, 'profile_updated', { fields: ['avatar'], ...(viewer.user.id !== id && { byAdmin: true }) }));
      });
      if (previousAvatar !== avatar) await ctx.uploads.remove(previousAvatar);
      return user;
    });
  },
};
