import { createHash, randomBytes } from 'node:crypto';
import type { RequestContext } from '../../account/context';
import { logActivityStatement } from '../../activity/activity-log';
import { runStatement, type Statement } from '../../db/sql';
import { profileLink } from '../../mail/client-links';
import { secondFactorMail, type SecondFactorChange } from '../../mail/templates';
import type { User } from '../../account/user.entity';
import {
  challengeStatement,
  closeChallengeStatement,
  openChallengeStatement,
  recoveryCodesLeftStatement,
  secondFactorsStatement,
  spendRecoveryCodeStatement,
  totpFactorStatement,
  NO_CODES_LEFT,
  spendCodeStatement,
  useTimeStepStatement,
} from './mfa.queries';
import { normalizeRecoveryCode, recoveryCodeHashOf } from './recovery-codes';
import { openSecret } from './secret-box';
import { totpCodeOf, totpTimeStepOf } from './totp';

/** How long a sign-in waits for its second factor. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

/** The second factors a sign-in can ask for, in the order they are offered. */
export const SECOND_FACTOR_METHODS = ['totp', 'webauthn', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** What an account can finish a sign-in with: an authenticator's codes and its recovery codes, and its passkeys. */
export const secondFactorMethodsOf = (factors: { totp: boolean; passkey: boolean }): SecondFactorMethod[] =>
  SECOND_FACTOR_METHODS.filter((method) => (method === 'webauthn' ? factors.passkey : factors.totp));

export interface TotpFactorRow {
  secret_sealed: string;
  confirmed_at: Date | null;
  last_time_step: number | null;
}

/** A sign-in waiting for its second factor: its account's row, its authenticator, and how it began when not by password. */
export interface WaitingSignIn {
  userRow: Record<string, unknown>;
  factor: TotpFactorRow | null;
  via: Record<string, unknown> | undefined;
}

const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A sign-in waiting for its code: its token (32 random bytes, base64url) and the statement that
 * opens it, which stores only the token's hash (sign-in runs it within its own).
 */
export function newChallenge(userId: string, via?: Record<string, unknown>): { token: string; statement: Statement } {
  const token = randomBytes(32).toString('base64url');
  return { token, statement: openChallengeStatement(tokenHashOf(token), userId, MFA_TOKEN_TTL_SECONDS, via) };
}

/**
 * A sign-in still waiting for its code: its account's row, its authenticator,
 * and how it began when not by password (`via`, for the activity entry of the
 * session it opens); null for a token unknown, used or expired.
 */
export async function challengeOf(ctx: RequestContext, token: string): Promise<WaitingSignIn | null> {
  const [row] = await runStatement<Record<string, unknown>>(ctx.em, challengeStatement(tokenHashOf(token)));
  return row ? challengeOfRow(row) : null;
}

/** The query challengeOf runs, for a statement that runs it with other work (its row then goes to challengeOfRow). */
export const challengeQueryOf = (token: string): Statement => challengeStatement(tokenHashOf(token));

/** A waiting sign-in from its query's row (challengeQueryOf's columns). */
export function challengeOfRow(row: Record<string, unknown>): WaitingSignIn {
  const { totp_secret_sealed, totp_confirmed_at, totp_last_time_step, challenge_via, ...userRow } = row;
  const factor = totp_secret_sealed ? { secret_sealed: totp_secret_sealed as string, confirmed_at: totp_confirmed_at as Date | null, last_time_step: totp_last_time_step as number | null } : null;
  return { userRow, factor, via: (challenge_via as Record<string, unknown> | null) ?? undefined };
}

/** Ends the sign-in the token stands for; false when another request ended it first (or it expired meanwhile). */
export async function closeChallenge(ctx: RequestContext, token: string): Promise<boolean> {
  return (await runStatement(ctx.em, closeChallengeStatement(tokenHashOf(token)))).length > 0;
}

/** What the account can finish a sign-in with (none: it has no second factor), as `secondFactorMethodsOf`. */
export async function secondFactorMethodsOfUser(ctx: RequestContext, userId: string): Promise<SecondFactorMethod[]> {
  const [row] = await runStatement<{ totp: boolean; passkey: boolean }>(ctx.em, secondFactorsStatement(userId));
  return secondFactorMethodsOf(row);
}

export async function totpFactorOf(ctx: RequestContext, userId: string): Promise<TotpFactorRow | null> {
  const [row] = await runStatement<TotpFactorRow>(ctx.em, totpFactorStatement(userId));
  return row ?? null;
}

/**
 * The time step a code from the account's authenticator belongs to, once it
 * is recorded as used; null for a wrong code, a replayed one, or a factor in
 * the wrong state (`confirming`: the set-up's first code; else a confirmed
 * factor's).
 */
export async function spendTotpCode(ctx: RequestContext, userId: string, factor: TotpFactorRow | null, code: string, confirming = false): Promise<number | null> {
  const timeStep = rightTimeStepOf(ctx, factor, code, confirming);
  if (timeStep === null) return null;
  const used = await runStatement(ctx.em, useTimeStepStatement(userId, timeStep, confirming));
  return used.length ? timeStep : null;
}

/** The time step of a code that is right for the factor as read (not yet recorded as used), else null. */
function rightTimeStepOf(ctx: RequestContext, factor: TotpFactorRow | null, code: string, confirming: boolean): number | null {
  if (!factor || (factor.confirmed_at !== null) === confirming) return null;
  const secret = openSecret(ctx.config.jwtSecret, factor.secret_sealed);
  return secret ? totpTimeStepOf(secret, code, factor.last_time_step) : null;
}

/**
 * A typed second factor as the statement that spends it (a row only when it was still unused) and
 * the count of recovery codes it leaves (none for an authenticator code); null when it cannot be
 * right: an authenticator code that is wrong for `factor`, or text that is no code.
 */
export function codeProofOf(ctx: RequestContext, userId: string, code: string, factor: TotpFactorRow | null): CodeProof | null {
  if (totpCodeOf(code)) {
    const timeStep = rightTimeStepOf(ctx, factor, code, false);
    return timeStep === null ? null : { method: 'totp', statement: useTimeStepStatement(userId, timeStep, false), codesLeft: NO_CODES_LEFT };
  }
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return null;
  return { method: 'recovery', statement: spendRecoveryCodeStatement(userId, recoveryCodeHashOf(normalized)), codesLeft: recoveryCodesLeftStatement(userId) };
}

export interface CodeProof {
  method: SecondFactorProof['method'];
  statement: Statement;
  codesLeft: Statement;
}

/** Ends the sign-in `token` stands for within a wider statement, only once its CTE `onlyAfter` returned a row. */
export const closeChallengeAfterStatement = (token: string, onlyAfter: string): Statement => closeChallengeStatement(tokenHashOf(token), onlyAfter);

/** How a second factor was proved: by the authenticator, or by a recovery code (and how many are left). */
export type SecondFactorProof = { method: 'totp' } | { method: 'recovery'; left: number };

/**
 * Checks a code typed as a second factor: six digits are an authenticator
 * code, anything else a recovery code. Either is spent when right, so it
 * never works twice. Null when wrong. `factor` is the account's authenticator
 * when the caller has read it already (null: none), else it is read here.
 */
export async function spendSecondFactor(ctx: RequestContext, userId: string, code: string, factor?: TotpFactorRow | null): Promise<SecondFactorProof | null> {
  // The authenticator is read here only when the caller has not and the code is one of its.
  const known = factor === undefined && totpCodeOf(code) ? await totpFactorOf(ctx, userId) : (factor ?? null);
  const proof = codeProofOf(ctx, userId, code, known);
  if (!proof) return null;
  const [row] = await runStatement<{ left: number | null }>(ctx.em, spendCodeStatement(proof.statement, proof.codesLeft));
  if (!row) return null;
  return proof.method === 'totp' ? { method: 'totp' } : { method: 'recovery', left: row.left ?? 0 };
}

/** Lists a change to the account's factors in its activity and emails it to the account. */
export async function recordFactorChange(ctx: RequestContext, user: Pick<User, 'id' | 'email' | 'firstName'>, change: SecondFactorChange): Promise<void> {
  const { kind, ...details } = change;
  await runStatement(ctx.em, logActivityStatement(user.id, kind, details));
  await ctx.mailer.send(secondFactorMail(user.email, user.firstName, change, profileLink(ctx.config.appUrl)));
}
