import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { RequestContext } from './context';
import { User } from './user.entity';
import { EmailTakenError } from './account.errors';

/**
 * One account per email address (stored normalised, so case does not
 * matter). Sign-up and an email change both check first, for a clear answer
 * before any work, and then let the unique index decide a race.
 */

/** How an address is stored and looked up: surrounding spaces and letter case never make a second account. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Throws EmailTakenError when another account (not `exceptUserId`) has `email`. */
export async function assertEmailFree(ctx: RequestContext, email: string, exceptUserId?: string): Promise<void> {
  const taken = await ctx.em.count(User, exceptUserId ? { email, id: { $ne: exceptUserId } } : { email });
  if (taken) throw new EmailTakenError();
}

/** Runs a write that stores an email; two requests taking one address at once: the loser gets EmailTakenError. */
export async function claimingEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new EmailTakenError();
    throw error;
  }
}
