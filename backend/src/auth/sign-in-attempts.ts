import { AuthMessages } from '@stockroom/schema';
import { clientKeyOf } from '../account/account.service';
import type { RequestContext } from '../account/context';
import { TooManyRequestsError } from '../common/errors';
import { runStatement } from '../db/sql';
import { AccountLockedError, type LockoutWarning } from './auth.errors';
import { releaseSignInAttemptStatement, reserveSignInAttemptStatement } from './auth.queries';
import { SignInAttempts } from './sign-in-attempts.entity';

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60_000;
/** A wrong password warns of the lock once this many attempts or fewer are left, so the lock never comes as a surprise. */
export const LOCKOUT_WARNING_ATTEMPTS = 2;

/** How long an in-flight password check holds its slot if its request dies before releasing it. */
const PENDING_CHECK_TTL_SECONDS = 60;

/**
 * How a reserved check ended: `right` clears the count (the sign-in is
 * complete), `wrong` counts towards the lock, `halfway` (a right password
 * that still needs its second factor) leaves the count as it is, so wrong
 * codes after right passwords add up to the same lock as wrong passwords.
 */
export type CheckOutcome = 'right' | 'wrong' | 'halfway';

/**
 * Reserves one password or code check for this email (whether or not it has
 * an account) and client. Confirmed failures plus checks in flight never
 * exceed MAX_FAILED_SIGN_INS, in one atomic upsert: however many guesses
 * arrive at once (aliases in one GraphQL request, or concurrent calls), at
 * most that many are checked before the lock. Throws 423 while locked, and
 * 429 when the slots are taken by checks still in flight (busy, not locked).
 */
export async function reserveSignInAttempt(ctx: RequestContext, emailKey: string): Promise<void> {
  const reserved = await runStatement(
    ctx.em,
    reserveSignInAttemptStatement(emailKey, clientKeyOf(ctx), PENDING_CHECK_TTL_SECONDS, MAX_FAILED_SIGN_INS),
  );
  if (reserved.length) return;
  await refuseSignInAttempt(ctx, emailKey);
}

/** The client and limits a check's slot is taken with, for a statement that takes it with other work (codeStepStatement). */
export const signInSlotOf = (ctx: RequestContext) => ({ clientKey: clientKeyOf(ctx), pendingTtlSeconds: PENDING_CHECK_TTL_SECONDS, maxChecks: MAX_FAILED_SIGN_INS });

/** Why no slot was free: 423 while the email is locked for this client, else 429 (the slots are taken by checks in flight). */
export async function refuseSignInAttempt(ctx: RequestContext, emailKey: string): Promise<never> {
  const attempts = await ctx.em.findOne(SignInAttempts, { emailKey, clientKey: clientKeyOf(ctx) });
  const lockLeftMs = (attempts?.lockedUntil?.getTime() ?? 0) - Date.now();
  if (lockLeftMs > 0) throw new AccountLockedError(Math.ceil(lockLeftMs / 1000));
  throw new TooManyRequestsError(AuthMessages.tooManyRequests, 1);
}

/**
 * Releases the reserved check as `outcome` says. Returns the warning a wrong
 * password or code carries when the lock is near (none further off, or for
 * any other outcome).
 */
export async function releaseSignInAttempt(ctx: RequestContext, emailKey: string, outcome: CheckOutcome): Promise<LockoutWarning | undefined> {
  const [row] = await runStatement<{ failures: number }>(
    ctx.em,
    releaseSignInAttemptStatement(emailKey, clientKeyOf(ctx), outcome, MAX_FAILED_SIGN_INS, LOCKOUT_MS / 1000),
  );
  if (outcome !== 'wrong' || !row) return undefined;
  const attemptsLeft = Math.max(MAX_FAILED_SIGN_INS - row.failures, 0);
  return attemptsLeft <= LOCKOUT_WARNING_ATTEMPTS ? { attemptsLeft, lockoutSeconds: LOCKOUT_MS / 1000 } : undefined;
}
