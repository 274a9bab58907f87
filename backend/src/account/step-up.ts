import { SecondFactorMessages } from '@stockroom/schema';
import { DomainError } from '../common/errors';
import { assertCurrentPassword } from './account.service';
import type { Session } from './session.entity';
import type { User } from './user.entity';

/** How long a password or code given in a session covers sensitive actions. */
export const STEP_UP_WINDOW_MS = 10 * 60_000;

export class StepUpRequiredError extends DomainError {
  constructor() {
    super('STEP_UP_REQUIRED', SecondFactorMessages.stepUpRequired);
  }
}

/** When the session's holder last proved who they are: the sign-in, or a later step-up. */
export const lastProofOf = (session: Pick<Session, 'createdAt' | 'verifiedAt'>): Date =>
  new Date(Math.max(new Date(session.createdAt).getTime(), session.verifiedAt ? new Date(session.verifiedAt).getTime() : 0));

/**
 * For a sensitive action (a new API token or webhook, a passkey added or
 * removed): the password, a code, a passkey or a single sign-on must have
 * been given within the last 10 minutes, at sign-in or since (`stepUp`), so a
 * session left open on a shared computer cannot hand out lasting access.
 */
export function assertRecentProof(session: Pick<Session, 'createdAt' | 'verifiedAt'>, now = Date.now()): void {
  if (now - lastProofOf(session).getTime() > STEP_UP_WINDOW_MS) throw new StepUpRequiredError();
}

/** A password sent with a request, or null when none was (absent, null or blank, as its rule reads a blank field). */
export const sentPassword = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * For a new password: the current one sent with the request (a wrong one is
 * a 400 on `currentPassword`), or, when none is, a proof within the last 10
 * minutes as for assertRecentProof, so an account whose password nobody
 * chose (single sign-on opened it) confirms it is its holder another way. A
 * new email and turning the authenticator off take the same two, in their
 * own order (sentPassword, then assertRecentProof or their own check).
 */
export async function assertPasswordOrRecentProof(user: User, session: Session, password: string | null): Promise<void> {
  if (password === null) return assertRecentProof(session);
  await assertCurrentPassword(user, password);
}
