import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthMessages, UserMessages, VerifyEmailFields, validateFields, type ApiTokenRevokedReason } from '@stockroom/schema';
import { clientKeyOf as clientKeyOfAddress } from '../common/client-key';
import { assertValid, ValidationError } from '../common/errors';
import { runStatement } from '../db/sql';
import { emailVerificationMail } from '../mail/templates';
import { InvalidLinkError } from './account.errors';
import { revokeApiTokensStatement } from './api-token.queries';
import type { RequestContext } from './context';
import { normalizeEmail } from './email-uniqueness';
import { claimRecipientQuota, consumeMailActionQuota, MailKind, recipientWithinCap } from './mail-limits';
import { OneTimeToken, TokenPurpose } from './one-time-token.entity';
import { verifyPassword } from './password-hasher';
import { consumeRateLimit } from './rate-limiter';
import { rateLimitHitStatement } from './rate-limiter.queries';
import { revokeSessionsStatement } from './session.queries';
import { createOneTimeSecret, hashOneTimeSecret } from './tokens';
import { User } from './user.entity';
import { requireViewer } from './viewer';

/**
 * What sign-in and the user pages share about an account's credentials:
 * the throttle on auth calls, emailed one-time links, the email check and the
 * current-password check.
 */

const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60_000;

export interface VerifyEmailInput {
  email: string;
  token: string;
}

/** Every auth call from one client (an IPv6 /64 counts as one) counts against the same window. */
export const throttle = (ctx: RequestContext) => consumeRateLimit(ctx.em, throttleKeyOf(ctx), ctx.config.authRateLimit, ctx.config.authRateWindowMs);

/** The auth throttle's hit as one part of a larger statement (refuseHitPastLimit reads what it returns). */
export const throttleHitStatement = (ctx: RequestContext) => rateLimitHitStatement(throttleKeyOf(ctx), ctx.config.authRateWindowMs / 1000);

const throttleKeyOf = (ctx: RequestContext) => `auth:${clientKeyOf(ctx)}`;

/** The client the throttle and the lockout count this request under. */
export const clientKeyOf = (ctx: RequestContext) => clientKeyOfAddress(ctx.clientIp);

/** Replaces any earlier token of the same purpose, so only the newest emailed link works. */
export async function issueOneTimeToken(ctx: RequestContext, user: User, purpose: TokenPurpose, ttlMs: number): Promise<string> {
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
export async function redeemOneTimeToken(ctx: RequestContext, email: string, token: string, purpose: TokenPurpose): Promise<User | null> {
  const user = await ctx.em.findOne(User, { email: normalizeEmail(email) });
  if (!user) return null;
  const redeemed = await ctx.em.nativeUpdate(
    OneTimeToken,
    { user, purpose, tokenHash: hashOneTimeSecret(token), usedAt: null, expiresAt: { $gt: new Date() } },
    { usedAt: new Date() },
  );
  return redeemed === 1 ? user : null;
}

/** An emailed link to a client page, carrying the token and the address. */
export function link(ctx: RequestContext, path: string, token: string, email: string) {
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

/**
 * Takes away every other way into the account, when its password changes or
 * it is deactivated: each open session but `keepSessionId` (the caller's own,
 * after a change it made) and each working API token, which stays listed as
 * revoked with `reason`. Whoever had the old password or a session may have
 * made a token with it, so a token goes with the sessions.
 */
export async function revokeAccess(em: EntityManager, userId: string, reason: ApiTokenRevokedReason, keepSessionId?: string): Promise<void> {
  await runStatement(em, revokeSessionsStatement(userId, keepSessionId));
  await runStatement(em, revokeApiTokensStatement(userId, reason));
}

/** Mails a new verification link (the newest link replaces any earlier one), not counting it against any cap. */
async function mailVerificationLink(ctx: RequestContext, user: User) {
  const token = await issueOneTimeToken(ctx, user, TokenPurpose.EmailVerification, VERIFICATION_TOKEN_TTL_MS);
  await ctx.mailer.send(emailVerificationMail(user.email, user.firstName, link(ctx, '/auth/verify-email', token, user.email)));
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

export const accountService = {
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
