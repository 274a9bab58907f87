import { SecondFactorMessages } from '@stockroom/schema';
import { DomainError } from '../common/errors';
import type { Session } from './session.entity';

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

/**
 * For a new email or password, or the authenticator turned off: the
 * password sent with the request, which the caller then checks in its own
 * way (returned), or, when none is (absent, null or blank, as its rule reads
 * a blank field), a proof within the last 10 minutes as for
 * assertRecentProof (null returned). So an account whose password nobody
 * chose (single sign-on opened it) confirms it is its holder another way.
 */
export function passwordOrRecentProof(session: Pick<Session, 'createdAt' | 'verifiedAt'>, sent: unknown): string | null {
  if (typeof sent === 'string' && sent.trim() !== '') return sent;
  assertRecentProof(session);
  return null;
}
