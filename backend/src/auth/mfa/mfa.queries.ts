import type { Statement } from '../../db/sql';

/** Opens a sign-in waiting for its second factor; `via` says how its first step was made when not by password. */
export function openChallengeStatement(tokenHash: string, userId: string, ttlSeconds: number, via?: Record<string, unknown>): Statement {
  return {
    sql: 'INSERT INTO mfa_challenges (token_hash, user_id, expires_at, via) VALUES (?, ?, now() + make_interval(secs => ?), ?::jsonb)',
    values: [tokenHash, userId, ttlSeconds, via ? JSON.stringify(via) : null],
  };
}

/**
 * The account of a sign-in still waiting for its code, every column, with its
 * authenticator's as `totp_*` (null without one) and how the sign-in began
 * as `challenge_via`, so the code's check reads nothing more (unknown or
 * expired: no row).
 */
export function challengeStatement(tokenHash: string): Statement {
  return {
    sql: `SELECT users.*, c.via AS challenge_via, f.secret_sealed AS totp_secret_sealed, f.confirmed_at AS totp_confirmed_at, f.last_time_step AS totp_last_time_step
       FROM mfa_challenges c JOIN users ON users.id = c.user_id LEFT JOIN totp_factors f ON f.user_id = c.user_id
       WHERE c.token_hash = ? AND c.expires_at > now()`,
    values: [tokenHash],
  };
}

/**
 * Ends a waiting sign-in; a row only for the one request that ends it, so a token completes one
 * sign-in. With `onlyAfter`, the name of a CTE of the same statement, only when that one returned a row.
 */
export function closeChallengeStatement(tokenHash: string, onlyAfter?: string): Statement {
  const gate = onlyAfter ? ` AND EXISTS (SELECT 1 FROM ${onlyAfter})` : '';
  return { sql: `DELETE FROM mfa_challenges WHERE token_hash = ? AND expires_at > now()${gate} RETURNING user_id`, values: [tokenHash] };
}

/** Which second factors the account has: a confirmed authenticator (`totp`), a passkey (`passkey`). */
export function secondFactorsStatement(userId: string): Statement {
  return {
    sql: `SELECT EXISTS (SELECT 1 FROM totp_factors WHERE user_id = ? AND confirmed_at IS NOT NULL) AS totp, EXISTS (SELECT 1 FROM passkeys WHERE user_id = ?) AS passkey`,
    values: [userId, userId],
  };
}

/** The account's authenticator, confirmed or not. */
export function totpFactorStatement(userId: string): Statement {
  return { sql: 'SELECT secret_sealed, confirmed_at, last_time_step FROM totp_factors WHERE user_id = ?', values: [userId] };
}

/**
 * Records the time step of an accepted code; a row only when it is later
 * than the last one, so of two requests with the same code only one wins.
 * Confirms a set-up authenticator when `confirm` is set.
 */
export function useTimeStepStatement(userId: string, timeStep: number, confirm: boolean): Statement {
  return {
    sql: `UPDATE totp_factors SET last_time_step = ?, confirmed_at = CASE WHEN ? THEN now() ELSE confirmed_at END
       WHERE user_id = ? AND (last_time_step IS NULL OR last_time_step < ?) AND (confirmed_at IS NOT NULL) = NOT ?
       RETURNING user_id`,
    values: [timeStep, confirm, userId, timeStep, confirm],
  };
}

/** Marks one unused recovery code used; a row only for the request that spent it. */
export function spendRecoveryCodeStatement(userId: string, codeHash: string): Statement {
  return {
    sql: `UPDATE recovery_codes SET used_at = now()
       WHERE id = (SELECT id FROM recovery_codes WHERE user_id = ? AND code_hash = ? AND used_at IS NULL LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
    values: [userId, codeHash],
  };
}

/** The account's unused recovery codes once the one being spent in the same statement is (counted before it). */
export function recoveryCodesLeftStatement(userId: string): Statement {
  return { sql: 'SELECT (SELECT count(*)::int FROM recovery_codes WHERE user_id = ? AND used_at IS NULL) - 1', values: [userId] };
}

/** Runs a code's `spend` (a statement with RETURNING); a row, with the recovery codes left, only when it spent the code. */
export function spendCodeStatement(spend: Statement, codesLeft: Statement): Statement {
  return { sql: `WITH spent AS (${spend.sql}) SELECT (${codesLeft.sql}) AS left FROM spent`, values: [...spend.values, ...codesLeft.values] };
}

/** For an authenticator code, which leaves the recovery codes as they are: no count. */
export const NO_CODES_LEFT: Statement = { sql: 'SELECT NULL::int', values: [] };
