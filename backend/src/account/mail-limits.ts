import type { RequestContext } from './context';
import { consumeRateLimit, countRateLimitHit } from './rate-limiter';

/*
 * Nobody may use the app to flood a mailbox. Two limits, both counted in
 * PostgreSQL so every app instance agrees:
 *
 * - Each account may take 5 mail-sending actions an hour (an email change or
 *   a verification resend); the 6th is a 429. The count is taken before the
 *   current password of an email change is checked, so it also bounds
 *   password guesses through that form.
 * - Each address receives at most 5 mails of one kind an hour, however they
 *   were triggered (sign-up, resend and email change all send verification
 *   links; forgot-password sends reset links; an email change tells the old
 *   address; a new API token or webhook tells the account's address). Past
 *   the cap:
 *   - forgot-password answers 429. Its count is taken before the account is
 *     looked up, so unknown addresses use up their cap and get the same 429
 *     as real ones: neither the 200 nor the 429 tells whether an account
 *     exists.
 *   - resend-verification answers 429: the caller asks about their own,
 *     already known address.
 *   - sign-up and an email change still happen, without the mail: they are
 *     what the caller asked for, and refusing them would let anyone block a
 *     sign-up or a move by flooding the address first. The verification link
 *     can be resent once the hour is over.
 *   - a new token or webhook is still made, without the mail: the first five
 *     of the hour have told the owner already, and an account signed up with
 *     someone else's address cannot flood it by making and revoking tokens.
 */

const HOUR_MS = 60 * 60_000;
/** Mails of one kind that one address may be sent per hour. */
export const MAILS_PER_RECIPIENT_PER_HOUR = 5;
/** Mail-sending actions one account may take per hour. */
export const MAIL_ACTIONS_PER_USER_PER_HOUR = 5;

export enum MailKind {
  Verification = 'verification',
  PasswordReset = 'password-reset',
  EmailChanged = 'email-changed',
  ApiTokenCreated = 'api-token-created',
  WebhookCreated = 'webhook-created',
}

const recipientKey = (kind: MailKind, to: string) => `mail:${kind}:${to.trim().toLowerCase()}`;

/** Counts one mail of `kind` to `to`; throws 429 (with Retry-After) past the address's cap. */
export async function claimRecipientQuota(ctx: RequestContext, kind: MailKind, to: string): Promise<void> {
  await consumeRateLimit(ctx.em, recipientKey(kind, to), MAILS_PER_RECIPIENT_PER_HOUR, HOUR_MS);
}

/** Counts one mail of `kind` to `to`; false past the address's cap, when the mail must not be sent. */
export async function recipientWithinCap(ctx: RequestContext, kind: MailKind, to: string): Promise<boolean> {
  return (await countRateLimitHit(ctx.em, recipientKey(kind, to), MAILS_PER_RECIPIENT_PER_HOUR, HOUR_MS)) === 0;
}

/** Counts one mail-sending action of the account `userId`; throws 429 (with Retry-After) past its hourly limit. */
export async function consumeMailActionQuota(ctx: RequestContext, userId: string): Promise<void> {
  await consumeRateLimit(ctx.em, `mail-actions:${userId}`, MAIL_ACTIONS_PER_USER_PER_HOUR, HOUR_MS);
}
