import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AuthMessages,
  ChangePasswordFields,
  ForgotPasswordFields,
  ResetPasswordFields,
  SESSION_TIMEOUT_MS,
  SignInFields,
  UserMessages,
  VerifyEmailFields,
  validateFields,
  validateSignUp,
} from '@stockroom/schema';
import { logActivityStatement } from '../activity/activity.queries';
import { clientKeyOf as clientKeyOfAddress } from '../common/client-key';
import type { RequestContext } from '../account/context';
import { assertValid, TooManyRequestsError, ValidationError } from '../common/errors';
import { runStatement } from '../db/sql';
import { emailVerificationMail, passwordResetMail } from '../mail/templates';
import { User, UserStatus } from '../account/user.entity';
import { AccountInactiveError, AccountLockedError, InvalidCredentialsError, InvalidLinkError } from './auth.errors';
import { assertEmailFree, claimingEmail, normalizeEmail } from '../account/email-uniqueness';
import { claimRecipientQuota, consumeMailActionQuota, MailKind, recipientWithinCap } from '../account/mail-limits';
import { OneTimeToken, TokenPurpose } from '../account/one-time-token.entity';
import { hashPassword, spendVerifyTime, verifyPassword } from '../account/password-hasher';
import { consumeRateLimit } from '../account/rate-limiter';
import { Session } from '../account/session.entity';
import { revokeSessionsStatement } from '../account/session.queries';
import { emailKeyOf, SignInAttempts } from './sign-in-attempts.entity';
import { createOneTimeSecret, hashOneTimeSecret, signAccessToken } from '../account/tokens';
import { requireViewer } from '../account/viewer';

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60_000;
const RESET_TOKEN_TTL_MS = 60 * 60_000;
const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60_000;

export interface AuthResult {
  accessToken: string;
  expiresAt: Date;
  user: User;
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** The whole sign-up form of the original client: checked against `password` when sent, never stored. */
  confirmPassword?: string | null;
}
export interface SignInInput {
  email: string;
  password: string;
}
export interface ResetPasswordInput {
  email: string;
  resetToken: string;
  newPassword: string;
}
export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}
export interface VerifyEmailInput {
  email: string;
  token: string;
}

/** Every auth call from one client (an IPv6 /64 counts as one) counts against the same window. */
const throttle = (ctx: RequestContext) =>
  consumeRateLimit(ctx.em, `auth:${clientKeyOf(ctx)}`, ctx.config.authRateLimit, ctx.config.authRateWindowMs);

/** A new session's id and expiry, and the answer (with its signed token) that goes with them. */
function newSession(ctx: RequestContext, user: User) {
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + SESSION_TIMEOUT_MS);
  const result: AuthResult = { accessToken: signAccessToken({ sub: user.id, sid: id }, ctx.config.jwtSecret, expiresAt), expiresAt, user };
  return { id, expiresAt, result };
}

/** Opens a session for a user who just signed up. */
async function startSession(ctx: RequestContext, user: User): Promise<AuthResult> {
  const session = newSession(ctx, user);
  await ctx.em.insert(Session, { id: session.id, user, expiresAt: session.expiresAt, createdAt: new Date() });
  return session.result;
}

/** A plain SELECT mapped to the entity: sign-in's hot path skips the query builder. */
async function findUserByEmail(ctx: RequestContext, email: string): Promise<User | null> {
  const [row] = await ctx.em.getConnection().execute<Record<string, unknown>[]>('SELECT * FROM users WHERE email = ?', [normalizeEmail(email)]);
  return row ? ctx.em.map(User, row) : null;
}

/** The client the throttle and the lockout count this request under. */
const clientKeyOf = (ctx: RequestContext) => clientKeyOfAddress(ctx.clientIp);

/**
 * Sign-in's last step in one statement: releases the reserved password check
 * (clearing the failure count), logs the sign-in and opens the session.
 */
async function completeSignIn(ctx: RequestContext, user: User, emailKey: string): Promise<AuthResult> {
  const session = newSession(ctx, user);
  await ctx.em.getConnection().execute(
    `WITH released AS (
       UPDATE sign_in_attempts SET pending = GREATEST(pending - 1, 0), failures = 0 WHERE email_key = ? AND client_key = ?
     ), logged AS (
       INSERT INTO activity_log (user_id, kind) VALUES (?, 'signed_in')
     )
     INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, now(), ?)`,
    [emailKey, clientKeyOf(ctx), user.id, session.id, user.id, session.expiresAt],
  );
  return session.result;
}

/** Replaces any earlier token of the same purpose, so only the newest emailed link works. */
async function issueOneTimeToken(ctx: RequestContext, user: User, purpose: TokenPurpose, ttlMs: number): Promise<string> {
  const { token, hash } = createOneTimeSecret();
  await ctx.em.nativeDelete(OneTimeToken, { user, purpose });
  ctx.em.create(OneTimeToken, { user, purpose, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs), createdAt: new Date() });
  await ctx.em.flush();
  return token;
}

/**
 * Marks a matching, unexpired, unused token as used and returns its user.
 * The conditional UPDATE makes it single-use even under concurrent requests.
 */
async function redeemOneTimeToken(ctx: RequestContext, email: string, token: string, purpose: TokenPurpose): Promise<User | null> {
  const user = await ctx.em.findOne(User, { email: normalizeEmail(email) });
  if (!user) return null;
  const redeemed = await ctx.em.nativeUpdate(
    OneTimeToken,
    { user, purpose, tokenHash: hashOneTimeSecret(token), usedAt: null, expiresAt: { $gt: new Date() } },
    { usedAt: new Date() },
  );
  return redeemed === 1 ? user : null;
}

function link(ctx: RequestContext, path: string, token: string, email: string) {
  // Built from APP_URL, never from the request's Host header, so a forged Host cannot redirect the link.
  const url = new URL(path, ctx.config.appUrl + '/');
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}

/**
 * Deletes every outstanding reset and verification token of the account: a
 * link mailed before its email or password changed must not work after it.
 */
export async function revokeOneTimeTokens(em: EntityManager, userId: string): Promise<void> {
  await em.nativeDelete(OneTimeToken, { user: userId });
}

/** Mails a new verification link (the newest link replaces any earlier one), not counting it against any cap. */
async function mailVerificationLink(ctx: RequestContext, user: User) {
  const token = await issueOneTimeToken(ctx, user, TokenPurpose.EmailVerification, VERIFICATION_TOKEN_TTL_MS);
  ctx.mailer.send(emailVerificationMail(user.email, user.firstName, link(ctx, '/auth/verify-email', token, user.email)));
}

/**
 * Emails a new verification link, unless the address already had its
 * hourly share of them: the sign-up or email change that asked still
 * happens, and the link can be resent later (see mail-limits.ts).
 */
export async function sendVerificationEmail(ctx: RequestContext, user: User) {
  if (await recipientWithinCap(ctx, MailKind.Verification, user.email)) await mailVerificationLink(ctx, user);
}

/**
 * Checks the signed-in user's own password before a change that could take
 * the account over (a new password or a new email); a wrong one is a 400 on
 * `currentPassword`.
 */
export async function assertCurrentPassword(user: User, currentPassword: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new ValidationError({ currentPassword: UserMessages.currentPasswordWrong });
  }
}

/** How long an in-flight password check holds its slot if its request dies before releasing it. */
const PENDING_CHECK_TTL_SECONDS = 60;

/**
 * Reserves one password check for this email (whether or not it has an
 * account) and client. Confirmed failures plus checks in flight never exceed
 * MAX_FAILED_SIGN_INS, in one atomic upsert: however many guesses arrive at
 * once (aliases in one GraphQL request, or concurrent calls), at most that
 * many passwords are checked before the lock. Throws 423 while locked, and
 * 429 when the slots are taken by checks still in flight (busy, not locked).
 */
async function reserveSignInAttempt(ctx: RequestContext, emailKey: string): Promise<void> {
  const reserved = await ctx.em.getConnection().execute<unknown[]>(
    `INSERT INTO sign_in_attempts AS f (email_key, client_key, failures, pending, pending_until)
       VALUES (?, ?, 0, 1, now() + make_interval(secs => ?))
     ON CONFLICT (email_key, client_key) DO UPDATE SET
       failures = CASE WHEN f.locked_until <= now() THEN 0 ELSE f.failures END,
       locked_until = CASE WHEN f.locked_until <= now() THEN NULL ELSE f.locked_until END,
       pending = CASE WHEN f.pending_until <= now() THEN 1 ELSE f.pending + 1 END,
       pending_until = EXCLUDED.pending_until
     WHERE f.locked_until <= now()
        OR (f.locked_until IS NULL
            AND f.failures + CASE WHEN f.pending_until <= now() THEN 0 ELSE f.pending END < ?)
     RETURNING 1`,
    [emailKey, clientKeyOf(ctx), PENDING_CHECK_TTL_SECONDS, MAX_FAILED_SIGN_INS],
  );
  if (reserved.length) return;
  const attempts = await ctx.em.findOne(SignInAttempts, { emailKey, clientKey: clientKeyOf(ctx) });
  if (attempts?.lockedUntil && attempts.lockedUntil.getTime() > Date.now()) throw new AccountLockedError();
  throw new TooManyRequestsError(AuthMessages.tooManyRequests, 1);
}

/** Releases the reserved check: a wrong password counts towards the lock, a right one clears the count. */
async function releaseSignInAttempt(ctx: RequestContext, emailKey: string, passwordMatched: boolean): Promise<void> {
  await ctx.em.getConnection().execute(
    passwordMatched
      ? `UPDATE sign_in_attempts SET pending = GREATEST(pending - 1, 0), failures = 0 WHERE email_key = ? AND client_key = ?`
      : `UPDATE sign_in_attempts SET pending = GREATEST(pending - 1, 0), failures = failures + 1,
           locked_until = CASE WHEN failures + 1 >= ? THEN now() + make_interval(secs => ?) ELSE locked_until END
         WHERE email_key = ? AND client_key = ?`,
    passwordMatched ? [emailKey, clientKeyOf(ctx)] : [MAX_FAILED_SIGN_INS, LOCKOUT_MS / 1000, emailKey, clientKeyOf(ctx)],
  );
}

export const authService = {
  /** Creates an account, signs it in and emails a verification link. */
  async signUp(ctx: RequestContext, input: SignUpInput): Promise<AuthResult> {
    await throttle(ctx);
    assertValid(validateSignUp({ ...input }));
    const email = normalizeEmail(input.email);
    await assertEmailFree(ctx, email);
    const user = ctx.em.create(User, {
      email,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      passwordHash: await hashPassword(input.password),
    });
    await claimingEmail(() => ctx.em.flush());
    await runStatement(ctx.em, logActivityStatement(user.id, 'account_created'));
    await sendVerificationEmail(ctx, user);
    return startSession(ctx, user);
  },

  /**
   * Checks email and password. An unknown email takes the same steps as a
   * wrong password (the same statements, a password check against a
   * throw-away hash) and gets the same answers: 5 failures in a row from one
   * client lock that email for that client for 15 minutes, and checks in
   * flight make it busy (see reserveSignInAttempt), account or not.
   */
  async signIn(ctx: RequestContext, input: SignInInput): Promise<AuthResult> {
    await throttle(ctx);
    assertValid(validateFields(SignInFields, { ...input }));
    const email = normalizeEmail(input.email);
    const emailKey = emailKeyOf(email);
    const user = await findUserByEmail(ctx, email);
    await reserveSignInAttempt(ctx, emailKey);
    const check = user ? verifyPassword(user.passwordHash, input.password) : spendVerifyTime(input.password).then(() => false);
    const passwordMatched = await check.catch(async (error) => {
      await releaseSignInAttempt(ctx, emailKey, false);
      throw error;
    });
    if (!user || !passwordMatched || user.status !== UserStatus.Active) {
      await releaseSignInAttempt(ctx, emailKey, passwordMatched);
      throw passwordMatched ? new AccountInactiveError() : new InvalidCredentialsError();
    }
    return completeSignIn(ctx, user, emailKey);
  },

  /** Revokes the caller's session only; other devices stay signed in. */
  async signOut(ctx: RequestContext): Promise<string> {
    const { session } = await requireViewer(ctx);
    session.revokedAt = new Date();
    await ctx.em.flush();
    return AuthMessages.signedOut;
  },

  /** Emails a reset link when the account exists; the answer is the same either way. */
  async forgotPassword(ctx: RequestContext, input: { email: string }): Promise<string> {
    await throttle(ctx);
    assertValid(validateFields(ForgotPasswordFields, { ...input }));
    const email = normalizeEmail(input.email);
    // Counted before the lookup, so an unknown address runs into the same cap (and 429) as a real one.
    await claimRecipientQuota(ctx, MailKind.PasswordReset, email);
    const user = await ctx.em.findOne(User, { email });
    if (user && user.status === UserStatus.Active) {
      const token = await issueOneTimeToken(ctx, user, TokenPurpose.PasswordReset, RESET_TOKEN_TTL_MS);
      ctx.mailer.send(passwordResetMail(user.email, user.firstName, link(ctx, '/auth/reset-password', token, user.email)));
    }
    return AuthMessages.forgotPasswordSent;
  },

  /**
   * Sets a new password from an emailed link. The link works once; every
   * session and every other emailed link of the account is revoked, and its
   * lockouts are cleared.
   */
  async resetPassword(ctx: RequestContext, input: ResetPasswordInput): Promise<string> {
    await throttle(ctx);
    assertValid(validateFields(ResetPasswordFields, { ...input }));
    return ctx.em.transactional(async (em) => {
      const tx = { ...ctx, em };
      const user = await redeemOneTimeToken(tx, input.email, input.resetToken, TokenPurpose.PasswordReset);
      if (!user) throw new InvalidLinkError('resetToken', AuthMessages.resetLinkInvalid);
      user.passwordHash = await hashPassword(input.newPassword);
      // The emailed link proves the address belongs to the user.
      user.emailVerified = true;
      await runStatement(em, revokeSessionsStatement(user.id));
      await revokeOneTimeTokens(em, user.id);
      await em.nativeDelete(SignInAttempts, { emailKey: emailKeyOf(user.email) });
      await runStatement(em, logActivityStatement(user.id, 'password_changed', { via: 'reset' }));
      return AuthMessages.resetSuccess;
    });
  },

  /** Confirms an email address from the emailed link. */
  async verifyEmail(ctx: RequestContext, input: VerifyEmailInput): Promise<string> {
    await throttle(ctx);
    assertValid(validateFields(VerifyEmailFields, { ...input }));
    const user = await redeemOneTimeToken(ctx, input.email, input.token, TokenPurpose.EmailVerification);
    if (!user) throw new InvalidLinkError('token', AuthMessages.verifyLinkInvalid);
    user.emailVerified = true;
    await ctx.em.flush();
    return AuthMessages.emailVerified;
  },

  /**
   * Changes the signed-in user's password after checking the current one.
   * Every other session of the account and every emailed reset or
   * verification link is revoked; this session stays signed in.
   */
  async changePassword(ctx: RequestContext, input: ChangePasswordInput): Promise<string> {
    const { user, session } = await requireViewer(ctx);
    await throttle(ctx);
    assertValid(validateFields(ChangePasswordFields, { ...input }));
    await assertCurrentPassword(user, input.currentPassword);
    if (input.currentPassword === input.newPassword) throw new ValidationError({ newPassword: UserMessages.samePassword });
    const passwordHash = await hashPassword(input.newPassword);
    await ctx.em.transactional(async (em) => {
      user.passwordHash = passwordHash;
      await em.flush();
      await runStatement(em, revokeSessionsStatement(user.id, session.id));
      await revokeOneTimeTokens(em, user.id);
      await runStatement(em, logActivityStatement(user.id, 'password_changed'));
    });
    return UserMessages.passwordChanged;
  },

  /**
   * Emails a new verification link to the signed-in user, unless already
   * verified. Counts against the account's hourly mail actions and the
   * address's hourly verification mails: past either, 429.
   */
  async resendVerification(ctx: RequestContext): Promise<string> {
    const { user } = await requireViewer(ctx);
    await throttle(ctx);
    await consumeMailActionQuota(ctx, user.id);
    if (!user.emailVerified) {
      await claimRecipientQuota(ctx, MailKind.Verification, user.email);
      await mailVerificationLink(ctx, user);
    }
    return AuthMessages.verificationSent;
  },
};
