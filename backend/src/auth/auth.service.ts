import { UniqueConstraintViolationException } from '@mikro-orm/core';
import {
  AuthMessages,
  ForgotPasswordFields,
  ResetPasswordFields,
  SESSION_TIMEOUT_MS,
  SignInFields,
  SignUpFields,
  validateField,
  validateFields,
  ValidationMessages,
} from '@stockroom/schema';
import type { RequestContext } from '../common/context';
import { ValidationError } from '../common/errors';
import { emailVerificationMail, passwordResetMail } from '../mail/templates';
import { User, UserStatus } from '../users/user.entity';
import { AccountInactiveError, AccountLockedError, EmailTakenError, InvalidCredentialsError, InvalidLinkError } from './auth.errors';
import { OneTimeToken, TokenPurpose } from './one-time-token.entity';
import { hashPassword, spendVerifyTime, verifyPassword } from './password-hasher';
import { consumeRateLimit } from './rate-limiter';
import { Session } from './session.entity';
import { SignInFailure } from './sign-in-failure.entity';
import { createOneTimeSecret, hashOneTimeSecret, signAccessToken } from './tokens';
import { requireViewer } from './viewer';

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60_000;
const RESET_TOKEN_TTL_MS = 60 * 60_000;
const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60_000;
/** Reset emails one address can be sent per hour, so nobody can flood a mailbox. */
const RESET_MAILS_PER_HOUR = 5;

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
export interface VerifyEmailInput {
  email: string;
  token: string;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

function assertValid(fields: Parameters<typeof validateFields>[0], input: object) {
  const errors = validateFields(fields, input as Record<string, unknown>);
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Every auth call from one address counts against the same window. */
const throttle = (ctx: RequestContext) =>
  consumeRateLimit(ctx.em, `auth:${ctx.clientIp}`, ctx.config.authRateLimit, ctx.config.authRateWindowMs);

async function startSession(ctx: RequestContext, user: User): Promise<AuthResult> {
  const expiresAt = new Date(Date.now() + SESSION_TIMEOUT_MS);
  const session = ctx.em.create(Session, { user, expiresAt, createdAt: new Date() });
  await ctx.em.flush();
  return { accessToken: signAccessToken({ sub: user.id, sid: session.id }, ctx.config.jwtSecret, expiresAt), expiresAt, user };
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

async function sendVerificationEmail(ctx: RequestContext, user: User) {
  const token = await issueOneTimeToken(ctx, user, TokenPurpose.EmailVerification, VERIFICATION_TOKEN_TTL_MS);
  ctx.mailer.send(emailVerificationMail(user.email, user.firstName, link(ctx, '/auth/verify-email', token, user.email)));
}

/**
 * Reserves one password check for this account and client address, or
 * reports the lock. Reserving before checking (one atomic upsert) means that
 * however many guesses arrive at once, at most MAX_FAILED_SIGN_INS passwords
 * are ever checked before the lock.
 */
async function reserveSignInAttempt(ctx: RequestContext, user: User): Promise<boolean> {
  const rows = await ctx.em.getConnection().execute<unknown[]>(
    `INSERT INTO sign_in_failures (user_id, client_key, failures) VALUES (?, ?, 1)
     ON CONFLICT (user_id, client_key) DO UPDATE SET
       failures = CASE WHEN sign_in_failures.locked_until <= now() THEN 1 ELSE sign_in_failures.failures + 1 END,
       locked_until = CASE WHEN sign_in_failures.locked_until <= now() THEN NULL ELSE sign_in_failures.locked_until END
     WHERE sign_in_failures.locked_until <= now()
        OR (sign_in_failures.locked_until IS NULL AND sign_in_failures.failures < ?)
     RETURNING failures`,
    [user.id, ctx.clientIp.slice(0, 64), MAX_FAILED_SIGN_INS],
  );
  return rows.length === 1;
}

async function recordSignInFailure(ctx: RequestContext, user: User) {
  await ctx.em.nativeUpdate(
    SignInFailure,
    { user, clientKey: ctx.clientIp.slice(0, 64), failures: { $gte: MAX_FAILED_SIGN_INS } },
    { lockedUntil: new Date(Date.now() + LOCKOUT_MS) },
  );
}

export const authService = {
  /** Creates an account, signs it in and emails a verification link. */
  async signUp(ctx: RequestContext, input: SignUpInput): Promise<AuthResult> {
    await throttle(ctx);
    assertValid(SignUpFields, input);
    const email = normalizeEmail(input.email);
    if (await ctx.em.count(User, { email })) throw new EmailTakenError();
    const user = ctx.em.create(User, {
      email,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      passwordHash: await hashPassword(input.password),
    });
    try {
      await ctx.em.flush();
    } catch (error) {
      // Two sign-ups for one address at once: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw new EmailTakenError();
      throw error;
    }
    await sendVerificationEmail(ctx, user);
    return startSession(ctx, user);
  },

  /**
   * Checks email and password. Unknown email and wrong password get the same
   * answer in about the same time; 5 failures in a row from one address lock
   * the account for that address for 15 minutes.
   */
  async signIn(ctx: RequestContext, input: SignInInput): Promise<AuthResult> {
    await throttle(ctx);
    assertValid(SignInFields, input);
    const user = await ctx.em.findOne(User, { email: normalizeEmail(input.email) });
    if (!user) {
      await spendVerifyTime(input.password);
      throw new InvalidCredentialsError();
    }
    if (!(await reserveSignInAttempt(ctx, user))) throw new AccountLockedError();
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      await recordSignInFailure(ctx, user);
      throw new InvalidCredentialsError();
    }
    await ctx.em.nativeDelete(SignInFailure, { user, clientKey: ctx.clientIp.slice(0, 64) });
    if (user.status !== UserStatus.Active) throw new AccountInactiveError();
    return startSession(ctx, user);
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
    assertValid(ForgotPasswordFields, input);
    const email = normalizeEmail(input.email);
    await consumeRateLimit(ctx.em, `reset-mail:${email}`, RESET_MAILS_PER_HOUR, 60 * 60_000);
    const user = await ctx.em.findOne(User, { email });
    if (user && user.status === UserStatus.Active) {
      const token = await issueOneTimeToken(ctx, user, TokenPurpose.PasswordReset, RESET_TOKEN_TTL_MS);
      ctx.mailer.send(passwordResetMail(user.email, user.firstName, link(ctx, '/auth/reset-password', token, user.email)));
    }
    return AuthMessages.forgotPasswordSent;
  },

  /**
   * Sets a new password from an emailed link. The link works once; every
   * session of the account is revoked and its lockouts are cleared.
   */
  async resetPassword(ctx: RequestContext, input: ResetPasswordInput): Promise<string> {
    await throttle(ctx);
    const tokenError = validateField({ kind: 'text', label: 'Reset token', required: true, max: 200 }, input.resetToken);
    assertValid(ResetPasswordFields, input);
    if (tokenError) throw new ValidationError({ resetToken: tokenError });
    return ctx.em.transactional(async (em) => {
      const tx = { ...ctx, em };
      const user = await redeemOneTimeToken(tx, input.email, input.resetToken, TokenPurpose.PasswordReset);
      if (!user) throw new InvalidLinkError('resetToken', AuthMessages.resetLinkInvalid);
      user.passwordHash = await hashPassword(input.newPassword);
      // The emailed link proves the address belongs to the user.
      user.emailVerified = true;
      await em.nativeUpdate(Session, { user, revokedAt: null }, { revokedAt: new Date() });
      await em.nativeDelete(SignInFailure, { user });
      return AuthMessages.resetSuccess;
    });
  },

  /** Confirms an email address from the emailed link. */
  async verifyEmail(ctx: RequestContext, input: VerifyEmailInput): Promise<string> {
    await throttle(ctx);
    const errors = validateFields({ email: SignInFields.email }, input as unknown as Record<string, unknown>);
    if (typeof input.token !== 'string' || !input.token) errors.token = ValidationMessages.required('Token');
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const user = await redeemOneTimeToken(ctx, input.email, input.token, TokenPurpose.EmailVerification);
    if (!user) throw new InvalidLinkError('token', AuthMessages.verifyLinkInvalid);
    user.emailVerified = true;
    await ctx.em.flush();
    return AuthMessages.emailVerified;
  },

  /** Emails a new verification link to the signed-in user, unless already verified. */
  async resendVerification(ctx: RequestContext): Promise<string> {
    const { user } = await requireViewer(ctx);
    await throttle(ctx);
    if (!user.emailVerified) await sendVerificationEmail(ctx, user);
    return AuthMessages.verificationSent;
  },
};
