import { logActivityStatement } from '../activity/activity-log';
import type { Statement } from '../db/sql';

/**
 * The account with this (already normalised) email, every column, for
 * mapping to the entity, and which second factors it has (a confirmed
 * authenticator, a passkey), so sign-in sends no statement more for them.
 */
export function userByEmailStatement(email: string): Statement {
  return {
    sql: `SELECT users.*, EXISTS (SELECT 1 FROM totp_factors f WHERE f.user_id = users.id AND f.confirmed_at IS NOT NULL) AS has_totp,
       EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = users.id) AS has_passkey
       FROM users WHERE email = ?`,
    values: [email],
  };
}


/** Gives back a reserved password check and clears the failures: the sign-in succeeded. */
const RELEASE_CHECK = 'UPDATE sign_in_attempts SET pending = GREATEST(pending - 1, 0), failures = 0 WHERE email_key = ? AND client_key = ?';
/** Opens the session from the activity entry's row (CTE `logged`): a CTE that only selects runs when it is read. */
const OPEN_SESSION_FROM_LOGGED = 'INSERT INTO sessions (id, user_id, created_at, expires_at) SELECT ?::uuid, ?::uuid, now(), ?::timestamptz FROM logged';

/**
 * Releases the reserved password check (clearing the failure count), logs
 * the sign-in (saying how, `via`, when not by password alone) and opens the session, as one statement. The session is
 * inserted from the log's row: a CTE that only selects runs when it is read.
 */
export function completeSignInStatement(emailKey: string, clientKey: string, userId: string, sessionId: string, expiresAt: Date, via?: Record<string, unknown>): Statement {
  const log = logActivityStatement(userId, 'signed_in', via);
  return {
    sql: `WITH released AS (${RELEASE_CHECK}), logged AS (${log.sql}) ${OPEN_SESSION_FROM_LOGGED}`,
    values: [emailKey, clientKey, ...log.values, sessionId, userId, expiresAt],
  };
}

/**
 * The code step's end as one statement, each part only once the one before took effect: `spend`
 * spends the code (a row when it was unused), `close` ends the waiting sign-in (a row when it was
 * still open, gated on `spent`), and then, as completeSignInStatement, the check is released, the
 * sign-in logged (the activity entry is a FROM-less SELECT, here run once per closed row) and the session opened. Answers
 * whether the code was spent, whether the session opened, and for a recovery code the codes left after it.
 */
export function completeCodeSignInStatement(
  proof: { statement: Statement; codesLeft: Statement },
  close: Statement,
  session: { emailKey: string; clientKey: string; userId: string; sessionId: string; expiresAt: Date; via?: Record<string, unknown> },
): Statement {
  const log = logActivityStatement(session.userId, 'signed_in', session.via);
  const spend = proof.statement;
  const recoveryCodesLeft = proof.codesLeft;
  return {
    sql: `WITH spent AS (${spend.sql}), closed AS (${close.sql}),
     released AS (${RELEASE_CHECK} AND EXISTS (SELECT 1 FROM closed)),
     logged AS (${log.sql} FROM closed),
     opened AS (${OPEN_SESSION_FROM_LOGGED} RETURNING id)
     SELECT EXISTS (SELECT 1 FROM spent) AS spent, EXISTS (SELECT 1 FROM opened) AS signed_in, (${recoveryCodesLeft.sql}) AS recovery_left`,
    values: [
      ...spend.values,
      ...close.values,
      session.emailKey,
      session.clientKey,
      ...log.values,
      session.sessionId,
      session.userId,
      session.expiresAt,
      ...recoveryCodesLeft.values,
    ],
  };
}

/**
 * A right password that still needs its second factor, as one statement:
 * gives back the reserved password check (its failures stay counted) and
 * runs `challenge`, which opens the sign-in waiting for the code.
 */
export function halfwaySignInStatement(emailKey: string, clientKey: string, challenge: Statement): Statement {
  const release = releaseSignInAttemptStatement(emailKey, clientKey, 'halfway', 0, 0);
  return { sql: `WITH released AS (${release.sql}) ${challenge.sql}`, values: [...release.values, ...challenge.values] };
}

/** Logs a sign-in that checked no password, saying how it was made (`via`), and opens its session, as one statement. */
export function openSessionStatement(userId: string, sessionId: string, expiresAt: Date, via: Record<string, unknown>): Statement {
  const log = logActivityStatement(userId, 'signed_in', via);
  return {
    sql: `WITH logged AS (${log.sql}) INSERT INTO sessions (id, user_id, created_at, expires_at) SELECT ?::uuid, ?::uuid, now(), ?::timestamptz FROM logged`,
    values: [...log.values, sessionId, userId, expiresAt],
  };
}

/**
 * Takes one password-check slot for the email and client `row` names (its
 * email key, client key and how long the slot is held, in seconds), in one
 * atomic upsert, clearing an expired lock first; returns a row only when a
 * slot was free (failures plus checks in flight below the last value, which
 * comes after `row`'s own).
 */
function reserveSignInAttemptSql(row: string): string {
  return `INSERT INTO sign_in_attempts AS f (email_key, client_key, failures, pending, pending_until)
       ${row}
     ON CONFLICT (email_key, client_key) DO UPDATE SET
       failures = CASE WHEN f.locked_until <= now() THEN 0 ELSE f.failures END,
       locked_until = CASE WHEN f.locked_until <= now() THEN NULL ELSE f.locked_until END,
       pending = CASE WHEN f.pending_until <= now() THEN 1 ELSE f.pending + 1 END,
       pending_until = EXCLUDED.pending_until
     WHERE f.locked_until <= now()
        OR (f.locked_until IS NULL
            AND f.failures + CASE WHEN f.pending_until <= now() THEN 0 ELSE f.pending END < ?)
     RETURNING 1`;
}

/** Takes one password-check slot for this email and client (see reserveSignInAttemptSql). */
export function reserveSignInAttemptStatement(emailKey: string, clientKey: string, pendingTtlSeconds: number, maxChecks: number): Statement {
  return {
    sql: reserveSignInAttemptSql('VALUES (?, ?, 0, 1, now() + make_interval(secs => ?))'),
    values: [emailKey, clientKey, pendingTtlSeconds, maxChecks],
  };
}

/**
 * The code step's first statement: the throttle's hit (`hit`, a statement
 * returning `hits` and `reset_seconds`), the waiting sign-in (`challenge`, a
 * query of its account's row with an `email` column) and, only when the hit
 * is within `throttleLimit` and the account is active, a check's slot for
 * the account's email (its key computed as emailKeyOf does) and this client.
 * One row: `throttle_hits`, `throttle_reset_seconds`, `slot_reserved` and the
 * challenge's columns (all null for an unknown token). Run outside any
 * transaction: the hit's part turns off `synchronous_commit` for the
 * statement's own (see rateLimitHitSql), so the slot is committed as the hit
 * is, without waiting for a disk flush; the code's spend and the session, in
 * the step's next statement, wait for theirs.
 */
export function codeStepStatement(
  hit: Statement,
  challenge: Statement,
  slot: { throttleLimit: number; activeStatus: string; clientKey: string; pendingTtlSeconds: number; maxChecks: number },
): Statement {
  const reserve = reserveSignInAttemptSql(
    `SELECT encode(sha256(convert_to(challenge.email, 'UTF8')), 'hex'), ?, 0, 1, now() + make_interval(secs => ?)
       FROM challenge, hit WHERE hit.hits <= ? AND challenge.status = ?`,
  );
  return {
    sql: `WITH hit AS (${hit.sql}), challenge AS (${challenge.sql}), reserved AS (${reserve})
      SELECT hit.hits AS throttle_hits, hit.reset_seconds AS throttle_reset_seconds, EXISTS (SELECT 1 FROM reserved) AS slot_reserved, challenge.*
        FROM hit LEFT JOIN challenge ON true`,
    values: [...hit.values, ...challenge.values, slot.clientKey, slot.pendingTtlSeconds, slot.throttleLimit, slot.activeStatus, slot.maxChecks],
  };
}

/**
 * Gives back a reserved slot: a right password (or code) clears the count, a
 * wrong one counts and locks at `maxFailures`, a right password that still
 * needs its second factor leaves the count. Returns the failures counted so far.
 */
export function releaseSignInAttemptStatement(
  emailKey: string,
  clientKey: string,
  outcome: 'right' | 'wrong' | 'halfway',
  maxFailures: number,
  lockoutSeconds: number,
): Statement {
  switch (outcome) {
    case 'right':
      return {
        sql: `UPDATE sign_in_attempts SET pending = GREATEST(pending - 1, 0), failures = 0 WHERE email_key = ? AND client_key = ? RETURNING failures`,
        values: [emailKey, clientKey],
      };
    case 'halfway':
      return {
        sql: `UPDATE sign_in_attempts SET pending = GREATEST(pending - 1, 0) WHERE email_key = ? AND client_key = ? RETURNING failures`,
        values: [emailKey, clientKey],
      };
    case 'wrong':
      return {
        sql: `UPDATE sign_in_attempts SET pending = GREATEST(pending - 1, 0), failures = failures + 1,
           locked_until = CASE WHEN failures + 1 >= ? THEN now() + make_interval(secs => ?) ELSE locked_until END
         WHERE email_key = ? AND client_key = ? RETURNING failures`,
        values: [maxFailures, lockoutSeconds, emailKey, clientKey],
      };
  }
}
