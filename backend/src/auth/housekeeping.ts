import type { EntityManager } from '@mikro-orm/postgresql';
import { OneTimeToken } from '../account/one-time-token.entity';
import { RateLimitBucket } from '../account/rate-limit-bucket.entity';
import { Session } from '../account/session.entity';
import { SignInAttempts } from './sign-in-attempts.entity';
import { MfaChallenge } from './mfa/mfa-challenge.entity';
import { WebAuthnChallenge } from './passkeys/webauthn-challenge.entity';

/** Revoked or expired sessions are kept this long, so "why was I signed out" can still be answered. */
const SESSION_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Longer than any rate-limit window in use (the mail limits count per hour). */
const BUCKET_RETENTION_MS = 2 * 60 * 60_000;

export interface SweepResult {
  sessions: number;
  tokens: number;
  buckets: number;
  signInAttempts: number;
  mfaChallenges: number;
  webAuthnChallenges: number;
}

/**
 * Deletes auth state nobody can use any more: old expired or revoked
 * sessions, used or expired one-time tokens, stale rate-limit windows,
 * sign-in attempt rows untouched for hours and not locked, and sign-ins that
 * waited for a code past their 5 minutes, and passkey challenges never answered. Safe to run from every
 * instance at once: each statement is a plain conditional DELETE.
 */
export async function sweepExpiredAuthState(em: EntityManager, now = new Date()): Promise<SweepResult> {
  const sessionCutoff = new Date(now.getTime() - SESSION_RETENTION_MS);
  const bucketCutoff = new Date(now.getTime() - BUCKET_RETENTION_MS);
  return {
    sessions: await em.nativeDelete(Session, { $or: [{ expiresAt: { $lt: sessionCutoff } }, { revokedAt: { $lt: sessionCutoff } }] }),
    tokens: await em.nativeDelete(OneTimeToken, { $or: [{ expiresAt: { $lt: now } }, { usedAt: { $ne: null } }] }),
    buckets: await em.nativeDelete(RateLimitBucket, { windowStart: { $lt: bucketCutoff } }),
    // Rows untouched for the retention period and not locked: failures that old are forgotten.
    signInAttempts: await em.nativeDelete(SignInAttempts, {
      pendingUntil: { $lt: bucketCutoff },
      $or: [{ lockedUntil: null }, { lockedUntil: { $lt: bucketCutoff } }],
    }),
    mfaChallenges: await em.nativeDelete(MfaChallenge, { expiresAt: { $lt: now } }),
    webAuthnChallenges: await em.nativeDelete(WebAuthnChallenge, { expiresAt: { $lt: now } }),
  };
}
