import { randomUUID } from 'node:crypto';
import {
  AuthMessages,
  ForgotPasswordFields,
  ResetPasswordFields,
  SESSION_TIMEOUT_MS,
  SignInFields,
  validateFields,
  validateSignUp,
} from '@stockroom/schema';
import { logActivityStatement } from '../activity/activity-log';
import { clientKeyOf, issueOneTimeToken, link, redeemOneTimeToken, revokeAccess, revokeOneTimeTokens, sendVerificationEmail, throttle } from '../account/account.service';
import type { RequestContext } from '../account/context';
import { assertValid, TooManyRequestsError } from '../common/errors';
import { runStatement, type Statement } from '../db/sql';
import { passwordResetMail } from '../mail/templates';
import { User, UserStatus } from '../account/user.entity';
import { InvalidLinkError } from '../account/account.errors';
import { AccountInactiveError, AccountLockedError, InvalidCredentialsError, type LockoutWarning } from './auth.errors';
import { completeSignInStatement, openSessionStatement, releaseSignInAttemptStatement, reserveSignInAttemptStatement, userByEmailStatement } from './auth.queries';
import { assertEmailFree, claimingEmail, normalizeEmail } from '../account/email-uniqueness';
import { claimRecipientQuota, MailKind } from '../account/mail-limits';
import { TokenPurpose } from '../account/one-time-token.entity';
import { hashPassword, spendVerifyTime, verifyPassword } from '../account/password-hasher';
import { Session } from '../account/session.entity';
import { emailKeyOf, SignInAttempts } from './sign-in-attempts.entity';
import { signAccessToken } from '../account/tokens';
import { requireViewer } from '../account/viewer';

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60_000;
/** A wrong password warns of the lock once this many attempts or fewer are left, so the lock never comes as a surprise. */
export const LOCKOUT_WARNING_ATTEMPTS = 2;
const RESET_TOKEN_TTL_MS = 60 * 60_000;

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

/** What a new account is made of: a normalised email that is free, names within the rules, a password hash. */
export type NewAccount = Pick<User, 'email' | 'firstName' | 'lastName' | 'passwordHash'> & { emailVerified?: boolean };

/** Creates an account as sign-up does (its personal workspace comes with it) and logs 'account_created'. */
export async function createAccount(ctx: RequestContext, fields: NewAccount): Promise<User> {
  await assertEmailFree(ctx, fields.email);
  const user = ctx.em.create(User, fields);
  await claimingEmail(() => ctx.em.flush());
  await runStatement(ctx.em, logActivityStatement(user.id, 'account_created'));
  return user;
}

/**
 * Signs in a user whom something other than their password identified (an
 * OpenID provider): the same session and answer as a password sign-in, and a
 * 'signed_in' entry saying how (`via`).
 */
export async function signInIdentifiedUser(ctx: RequestContext, user: User, via: Record<string, unknown>): Promise<AuthResult> {
  const session = newSession(ctx, user);
  await execute(ctx, openSessionStatement(user.id, session.id, session.expiresAt, via));
  return session.result;
}

/** Sign-in's own statements, on the pool (sign-in opens no unit of work): an unknown email and a wrong password send the very same ones. */
const execute = <T>(ctx: RequestContext, statement: Statement) => runStatement<T>(ctx.em, statement);

/** A plain SELECT mapped to the entity: sign-in's hot path skips the query builder. */
async function findUserByEmail(ctx: RequestContext, email: string): Promise<User | null> {
  const [row] = await execute<Record<string, unknown>>(ctx, userByEmailStatement(normalizeEmail(email)));
  return row ? ctx.em.map(User, row) : null;
}

/**
 * Sign-in's last step in one statement: releases the reserved password check
 * (clearing the failure count), logs the sign-in and opens the session.
 */
async function completeSignIn(ctx: RequestContext, user: User, emailKey: string): Promise<AuthResult> {
  const session = newSession(ctx, user);
  await execute(ctx, completeSignInStatement(emailKey, clientKeyOf(ctx), user.id, session.id, session.expiresAt));
  return session.result;
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
  const reserved = await execute(
    ctx,
    reserveSignInAttemptStatement(emailKey, clientKeyOf(ctx), PENDING_CHECK_TTL_SECONDS, MAX_FAILED_SIGN_INS),
  );
  if (reserved.length) return;
  const attempts = await ctx.em.findOne(SignInAttempts, { emailKey, clientKey: clientKeyOf(ctx) });
  const lockLeftMs = (attempts?.lockedUntil?.getTime() ?? 0) - Date.now();
  if (lockLeftMs > 0) throw new AccountLockedError(Math.ceil(lockLeftMs / 1000));
  throw new TooManyRequestsError(AuthMessages.tooManyRequests, 1);
}

/**
 * Releases the reserved check: a wrong password counts towards the lock, a
 * right one clears the count. Returns the warning a wrong password carries
 * when the lock is near (none further off, or for a right password).
 */
async function releaseSignInAttempt(ctx: RequestContext, emailKey: string, passwordMatched: boolean): Promise<LockoutWarning | undefined> {
  const [row] = await execute<{ failures: number }>(
    ctx,
    releaseSignInAttemptStatement(emailKey, clientKeyOf(ctx), passwordMatched, MAX_FAILED_SIGN_INS, LOCKOUT_MS / 1000),
  );
  if (passwordMatched || !row) return undefined;
  const attemptsLeft = Math.max(MAX_FAILED_SIGN_INS - row.failures, 0);
  return attemptsLeft <= LOCKOUT_WARNING_ATTEMPTS ? { attemptsLeft, lockoutSeconds: LOCKOUT_MS / 1000 } : undefined;
}

export const authService = {
  /** Creates an account, signs it in and emails a verification link. */
  async signUp(ctx: RequestContext, input: SignUpInput): Promise<AuthResult> {
    await throttle(ctx);
    assertValid(validateSignUp({ ...input }));
    const user = await createAccount(ctx, {
      email: normalizeEmail(input.email),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      passwordHash: await hashPassword(input.password),
    });
    await sendVerificationEmail(ctx, user);
    return startSession(ctx, user);
  },

  /**
   * Checks email and password. An unknown email takes the same steps as a
   * wrong password (the same statements, a password check against a
   * throw-away hash) and gets the same answers: 5 failures in a row from one
   * client lock that email for that client for 15 minutes, the last two
   * failures before the lock say how many attempts are left, and checks in
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
      const warning = await releaseSignInAttempt(ctx, emailKey, passwordMatched);
      throw passwordMatched ? new AccountInactiveError() : new InvalidCredentialsError(warning);
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
      await ctx.mailer.send(passwordResetMail(user.email, user.firstName, link(ctx, '/auth/reset-password', token, user.email)));
    }
    return AuthMessages.forgotPasswordSent;
  },

  /**
   * Sets a new password from an emailed link. The link works once; every
   * session, API token and other emailed link of the account is revoked
   * (someone else may have had the old password), and its lockouts are cleared.
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
      await revokeAccess(em, user.id, 'password_reset');
      await revokeOneTimeTokens(em, user.id);
      await em.nativeDelete(SignInAttempts, { emailKey: emailKeyOf(user.email) });
      await runStatement(em, logActivityStatement(user.id, 'password_changed', { via: 'reset' }));
      return AuthMessages.resetSuccess;
    });
  },

};
