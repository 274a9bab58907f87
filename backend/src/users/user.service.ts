import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AuthMessages,
  ProfileFields,
  UserAdminFields,
  UserListFields,
  UserMessages,
  validateFields,
  validatePresentFields,
} from '@stockroom/schema';
import { logActivityStatement } from '../activity/activity-log';
import { assertEmailFree, claimingEmail, normalizeEmail } from '../account/email-uniqueness';
import { assertCurrentPassword, revokeAccess, revokeOneTimeTokens, sendVerificationEmail, throttle } from '../account/account.service';
import { consumeMailActionQuota, MailKind, recipientWithinCap } from '../account/mail-limits';
import { requireAdmin, requireViewer } from '../account/viewer';
import type { RequestContext, Viewer } from '../account/context';
import { assertValid, canonicalId, DomainError, ForbiddenError, ValidationError } from '../common/errors';
import { pageRequestOf, paginationOf, type Pagination } from '../common/pagination';
import { hashPassword, verifyPassword } from '../account/password-hasher';
import { passwordOrRecentProof } from '../account/step-up';
import { ChangePasswordRequest, EmailChangeRequest } from '../account/step-up-fields';
import { runStatement } from '../db/sql';
import { profileLink } from '../mail/client-links';
import { emailChangedMail, passwordChangedMail } from '../mail/templates';
import { User, UserRole, UserStatus } from '../account/user.entity';
import { LastAdminError, UserNotFoundError } from './user.errors';
import { log } from '../common/log';
import {
  activeAdminsStatement,
  adminStatsStatement,
  lockActiveAdminsStatement,
  userCountStatement,
  userPageStatement,
} from './user.queries';

export interface ChangePasswordInput {
  /** Left out: a sign-in or step-up within the last 10 minutes stands for it. */
  currentPassword?: string | null;
  newPassword: string;
}

/** Fields a user may change of their own account. */
export interface ProfileChanges {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  /** The caller's own password, checked when the email changes; left out, a sign-in or step-up within the last 10 minutes stands for it. */
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

/**
 * Only the user themself or an admin may read or change an account; anyone
 * else gets 403 whether or not it exists. Returns the id as the database
 * spells it (lower case), so "self" holds for any spelling of one's own id.
 */
async function requireSelfOrAdmin(ctx: RequestContext, rawId: unknown): Promise<{ viewer: Viewer; id: string; self: boolean }> {
  const viewer = await requireViewer(ctx);
  const id = canonicalId(rawId);
  const self = viewer.user.id === id;
  if (!self && !isAdmin(viewer)) throw new ForbiddenError(AuthMessages.accessDenied);
  return { viewer, id, self };
}

/**
 * Refuses, inside the transaction of a write that may take away `userId`'s
 * admin role or active status and before that write, to leave no active
 * admin. Two admins demoting each other at once write different rows, and
 * under READ COMMITTED each one's check still sees the other as an admin, so
 * a count (or a conditional UPDATE) alone lets both through. A transaction
 * advisory lock makes these writes take turns, and the check that follows it
 * sees the previous turn committed. Locking the admin rows instead would also
 * hold up every unrelated edit of an admin's profile.
 */
async function assertAnotherActiveAdmin(em: EntityManager, userId: string, change: 'deactivate' | 'demote'): Promise<void> {
  await runStatement(em, lockActiveAdminsStatement());
  const [{ others, isActiveAdmin }] = await runStatement<{ others: number; isActiveAdmin: boolean }>(em, activeAdminsStatement(userId));
  if (isActiveAdmin && others === 0) throw new LastAdminError(change);
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
    log.error({ err: error }, `[users] ${message} (unexpected error)`);
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
 * Whether `newPassword` is the account's password already: compared with the current one sent, or, after a
 * step-up instead (`sent` null), with the stored hash, since nothing was sent to compare with.
 */
async function isCurrentPassword(user: User, sent: string | null, newPassword: string): Promise<boolean> {
  if (sent !== null) return sent === newPassword;
  return user.passwordSet && verifyPassword(user.passwordHash, newPassword);
}

/**
 * An email change needs the caller's own current password, or a sign-in or
 * step-up within the last 10 minutes, also when an admin changes someone
 * else's: whoever holds the address can reset the password, so a stolen
 * session would otherwise become the account for good. An attempt with a
 * password counts against the caller's hourly mail actions before the
 * password is checked, which also bounds guesses through this form; one
 * without is refused (STEP_UP_REQUIRED) before it counts.
 */
async function confirmEmailChange(ctx: RequestContext, viewer: Viewer, currentPassword: unknown): Promise<void> {
  assertValid(validateFields(EmailChangeRequest, { currentPassword }));
  const password = passwordOrRecentProof(viewer.session, currentPassword);
  await consumeMailActionQuota(ctx, viewer.user.id);
  if (password !== null) await assertCurrentPassword(viewer.user, password);
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
    await ctx.mailer.send(emailChangedMail(previousEmail, user.firstName, user.email));
  }
}

export const userService = {
  /** A whole account: the user themself or an admin (403 for anyone else). */
  async get(ctx: RequestContext, rawId: unknown): Promise<User> {
    const { id } = await requireSelfOrAdmin(ctx, rawId);
    return findUser(ctx, id);
  },

  /**
   * Changes an account. The user themself may change their name and email;
   * an admin may also change the role and status of someone else, never
   * their own (so an admin cannot lock every admin out by accident), and
   * never so that no active admin is left.
   * A new email needs the caller's current password (or a recent step-up) and must be free; it
   * starts unverified, every emailed link sent before stops working, and the
   * new address gets a verification mail.
   */
  async update(ctx: RequestContext, rawId: unknown, input: UserChanges): Promise<User> {
    const { viewer, id, self } = await requireSelfOrAdmin(ctx, rawId);
    const writesAccess = input.role !== undefined || input.status !== undefined;
    if (writesAccess && (self || !isAdmin(viewer))) throw new ForbiddenError(AuthMessages.accessDenied);
    // A password sent with a name-only change is not compared with the account's, yet is held to its rule like every field sent: null, a number, NUL or blank is refused.
    assertValid(validatePresentFields({ ...ProfileFields, ...EmailChangeRequest, ...UserAdminFields }, { ...input }));
    const user = self ? viewer.user : await findUser(ctx, id);
    if (newEmailOf(user, input.email) !== undefined) await confirmEmailChange(ctx, viewer, input.currentPassword);
    const previousEmail = user.email;
    return failingAs(UserMessages.updateFailed, async () => {
      const changed = await applyChanges(ctx, user, input);
      if (!changed.length) return user;
      const demotes = changed.includes('role') && user.role !== UserRole.Admin;
      const deactivates = changed.includes('status') && user.status !== UserStatus.Active;
      await claimingEmail(() =>
        ctx.em.transactional(async (em) => {
          if (demotes || deactivates) await assertAnotherActiveAdmin(em, user.id, demotes ? 'demote' : 'deactivate');
          await em.flush();
          if (changed.includes('email')) await revokeOneTimeTokens(em, user.id);
          if (user.status === UserStatus.Inactive && changed.includes('status')) await revokeAccess(em, user.id, 'account_deactivated');
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

  /** The signed-in user's own name and email (`updateProfile`); a new email needs `currentPassword` or a recent step-up. */
  async updateProfile(ctx: RequestContext, input: ProfileChanges): Promise<User> {
    const { user } = await requireViewer(ctx);
    return userService.update(ctx, user.id, { firstName: input.firstName, lastName: input.lastName, email: input.email, currentPassword: input.currentPassword });
  },

  /**
   * Deactivation (what deleting a user means here): the account becomes Inactive and
   * every one of its sessions and personal access tokens is revoked; its data stays. The user themself
   * or an admin; the last active admin cannot be deactivated.
   */
  async deactivate(ctx: RequestContext, rawId: unknown): Promise<string> {
    const { id } = await requireSelfOrAdmin(ctx, rawId);
    const user = await findUser(ctx, id);
    return failingAs(UserMessages.deactivateFailed, async () => {
      await ctx.em.transactional(async (em) => {
        // Checked whatever role the loaded row shows: the database's, under the lock, is the one that counts.
        await assertAnotherActiveAdmin(em, user.id, 'deactivate');
        user.status = UserStatus.Inactive;
        await em.flush();
        await revokeAccess(em, user.id, 'account_deactivated');
      });
      return UserMessages.deactivated;
    });
  },

  /** Admin: every account, newest first, searched by name or email. */
  async list(ctx: RequestContext, request: UserListRequest): Promise<UserPageResult> {
    await requireAdmin(ctx);
    const input = { ...request, search: typeof request.search === 'string' ? request.search.trim() : request.search };
    assertValid(validateFields(UserListFields, input));
    const { page, limit, offset } = pageRequestOf(input);
    const search = (input.search as string | undefined) || undefined;
    const [rows, [{ total }]] = await Promise.all([
      runStatement<object>(ctx.em, userPageStatement(search, limit, offset)),
      runStatement<{ total: number }>(ctx.em, userCountStatement(search)),
    ]);
    return { users: rows.map((row) => ctx.em.map(User, row)), pagination: paginationOf(page, limit, total) };
  },

  /** What anyone may see of an active account: name, avatar and member since. */
  async publicProfile(ctx: RequestContext, rawId: unknown): Promise<PublicProfileView> {
    const id = canonicalId(rawId);
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
  async setAvatar(ctx: RequestContext, rawId: unknown, avatar: string | null): Promise<User> {
    const { viewer, id, self } = await requireSelfOrAdmin(ctx, rawId);
    const user = self ? viewer.user : await findUser(ctx, id);
    const previousAvatar = user.avatar ?? null;
    return failingAs(UserMessages.updateFailed, async () => {
      await ctx.em.transactional(async (em) => {
        user.avatar = avatar;
        await em.flush();
        await runStatement(em, logActivityStatement(user.id, 'profile_updated', { fields: ['avatar'], ...(!self && { byAdmin: true }) }));
      });
      if (previousAvatar !== avatar) await ctx.uploads.remove(previousAvatar);
      return user;
    });
  },

  /**
   * Changes (or, for an account single sign-on opened, sets) the signed-in
   * user's password after checking the current one, or a sign-in or step-up
   * within the last 10 minutes when none is sent.
   * Every other session, every API token and every emailed reset or
   * verification link of the account is revoked, as a reset revokes them;
   * this session stays signed in.
   */
  async changePassword(ctx: RequestContext, input: ChangePasswordInput): Promise<string> {
    const { user, session } = await requireViewer(ctx);
    await throttle(ctx);
    assertValid(validateFields(ChangePasswordRequest, { ...input }));
    const currentPassword = passwordOrRecentProof(session, input.currentPassword);
    if (currentPassword !== null) await assertCurrentPassword(user, currentPassword);
    if (await isCurrentPassword(user, currentPassword, input.newPassword)) throw new ValidationError({ newPassword: UserMessages.samePassword });
    const passwordHash = await hashPassword(input.newPassword);
    const firstSet = !user.passwordSet;
    await ctx.em.transactional(async (em) => {
      user.passwordHash = passwordHash;
      user.passwordSet = true;
      await em.flush();
      await revokeAccess(em, user.id, 'password_changed', session.id);
      await revokeOneTimeTokens(em, user.id);
      await runStatement(em, logActivityStatement(user.id, 'password_changed', firstSet ? { via: 'set' } : undefined));
    });
    await ctx.mailer.send(passwordChangedMail(user.email, user.firstName, firstSet ? 'set' : 'changed', profileLink(ctx.config.appUrl)));
    return UserMessages.passwordChanged;
  },
};
