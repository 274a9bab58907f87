import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { SecondFactorMessages, StepUpFields, UserMessages, validateFields, VerificationCodeFields } from '@stockroom/schema';
import { throttle } from '../../account/account.service';
import type { RequestContext } from '../../account/context';
import { verifyPassword } from '../../account/password-hasher';
import { requireViewer } from '../../account/viewer';
import { assertValid, ValidationError } from '../../common/errors';
import { passwordOrRecentProof, STEP_UP_WINDOW_MS } from '../../account/step-up';
import { DisableTotpRequest } from '../../account/step-up-fields';
import { runStatement } from '../../db/sql';
import { releaseSignInAttempt, reserveSignInAttempt } from '../sign-in-attempts';
import { emailKeyOf } from '../sign-in-attempts.entity';
import { authenticationOptionsFor, storedPasskeyOf, verifyAssertion } from '../passkeys/passkey-assertion';
import { authenticationResponseOf, spendChallenge } from '../passkeys/webauthn';
import { TotpAlreadyOnError, TotpNotSetUpError, WrongCodeError } from './mfa.errors';
import { newRecoveryCodes, normalizeRecoveryCode, recoveryCodeHashOf } from './recovery-codes';
import { recordFactorChange, spendSecondFactor, spendTotpCode, totpFactorOf } from './second-factor';
import { sealSecret } from './secret-box';
import { newTotpSecret, otpauthUrlOf } from './totp';

export interface TotpSetup {
  /** The base32 secret, for typing into an app by hand; in this answer only. */
  secret: string;
  /** The same secret as the `otpauth://` URL a QR code carries. */
  otpauthUrl: string;
}

export interface SecondFactorStatus {
  totp: boolean;
  recoveryCodesLeft: number;
  /** Whether the holder chose the account's password (single sign-on opened it otherwise): the forms ask for it only then. */
  passwordSet: boolean;
}

/** Replaces the account's recovery codes with ten new ones and returns them, the only time they are readable. */
async function replaceRecoveryCodes(em: EntityManager, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await runStatement(em, { sql: 'DELETE FROM recovery_codes WHERE user_id = ?', values: [userId] });
  await runStatement(em, {
    sql: `INSERT INTO recovery_codes (id, user_id, code_hash) SELECT gen_random_uuid(), ?, unnest(?::text[])`,
    values: [userId, codes.map((code) => recoveryCodeHashOf(normalizeRecoveryCode(code)!))],
  });
  return codes;
}

const wrongCode = () => new WrongCodeError({ code: SecondFactorMessages.invalidVerificationCode });

/**
 * Runs a check of codes (and a password) against the account under the
 * sign-in lockout: a wrong one counts as a failed sign-in, so a stolen
 * session cannot guess its way past a second factor either.
 */
async function underLockout<T>(ctx: RequestContext, email: string, check: () => Promise<T | WrongCodeError>): Promise<T> {
  const emailKey = emailKeyOf(email);
  await reserveSignInAttempt(ctx, emailKey);
  const outcome = await check().catch(async (error) => {
    await releaseSignInAttempt(ctx, emailKey, 'wrong');
    throw error;
  });
  await releaseSignInAttempt(ctx, emailKey, outcome instanceof WrongCodeError ? 'wrong' : 'right');
  if (outcome instanceof WrongCodeError) throw outcome;
  return outcome;
}

/**
 * A passkey's answer as step-up's proof: to a step-up challenge issued to
 * this account (spent whatever the outcome; one for signing in is not one),
 * signed by one of its own passkeys, which checked its holder. A 400 on
 * `assertion` otherwise, not a 401, which would read as a session that ended.
 */
async function passkeyStepUp(ctx: RequestContext, userId: string, response: AuthenticationResponseJSON): Promise<true | WrongCodeError> {
  const spent = await spendChallenge(ctx, response.response.clientDataJSON, 'step_up');
  if (!spent || spent.userId !== userId) return new WrongCodeError({ assertion: SecondFactorMessages.passkeyChallengeExpired });
  const passkey = await storedPasskeyOf(ctx, response.id, userId);
  const right = passkey !== null && (await verifyAssertion(ctx, response, spent.challenge, passkey, true));
  return right || new WrongCodeError({ assertion: SecondFactorMessages.passkeyInvalid });
}

/** The profile's two-factor authentication: set-up, confirmation, recovery codes and turning it off; and confirming it is you (step-up). */
export const mfaService = {
  /**
   * Confirms it is still the account's holder, with the password, a code
   * (an app code or a recovery code) or a passkey's answer to
   * passkeyStepUpOptions: sensitive actions in this session are allowed for
   * the next 10 minutes (account/step-up.ts). Wrong ones (a passkey answer
   * to a spent, expired or other challenge too) count against the sign-in
   * lockout. Returns until when.
   */
  async stepUp(ctx: RequestContext, input: { password?: unknown; code?: unknown; assertion?: unknown }): Promise<Date> {
    await throttle(ctx);
    const { user, session } = await requireViewer(ctx);
    const { assertion: rawAssertion, ...typed } = input;
    assertValid(validateFields(StepUpFields, typed));
    const password = typeof input.password === 'string' && input.password !== '' ? input.password : null;
    const code = typeof input.code === 'string' && input.code.trim() !== '' ? input.code : null;
    const assertion = !password && !code && rawAssertion !== undefined && rawAssertion !== null ? authenticationResponseOf(rawAssertion, 'assertion') : null;
    if (!password && !code && !assertion) throw new ValidationError({ password: SecondFactorMessages.stepUpProofMissing });
    await underLockout(ctx, user.email, async () => {
      if (password) return (await verifyPassword(user.passwordHash, password)) || new WrongCodeError({ password: UserMessages.currentPasswordWrong });
      if (assertion) return passkeyStepUp(ctx, user.id, assertion);
      return (await spendSecondFactor(ctx, user.id, code!)) !== null || wrongCode();
    });
    const [row] = await runStatement<{ verified_at: Date }>(ctx.em, { sql: 'UPDATE sessions SET verified_at = now() WHERE id = ? RETURNING verified_at', values: [session.id] });
    return new Date(new Date(row.verified_at).getTime() + STEP_UP_WINDOW_MS);
  },

  /**
   * The options for confirming it is you with a passkey: a single-use,
   * 5-minute challenge for the signed-in account's own passkeys (none: not
   * found), answered with stepUp's `assertion`.
   */
  async passkeyStepUpOptions(ctx: RequestContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
    await throttle(ctx);
    const { user } = await requireViewer(ctx);
    return authenticationOptionsFor(ctx, user.id, 'step_up');
  },

  async status(ctx: RequestContext): Promise<SecondFactorStatus> {
    const { user } = await requireViewer(ctx);
    const [row] = await runStatement<{ totp: boolean; left: number }>(ctx.em, {
      sql: `SELECT EXISTS (SELECT 1 FROM totp_factors WHERE user_id = ? AND confirmed_at IS NOT NULL) AS totp,
         (SELECT count(*)::int FROM recovery_codes WHERE user_id = ? AND used_at IS NULL) AS left`,
      values: [user.id, user.id],
    });
    return { totp: row.totp, recoveryCodesLeft: row.totp ? row.left : 0, passwordSet: user.passwordSet };
  },

  /**
   * Starts setting up an authenticator: a new secret, kept sealed and shown
   * in this answer only. Sign-in does not ask for codes until a first code
   * confirms it; starting again replaces an unconfirmed secret.
   */
  async setUpTotp(ctx: RequestContext): Promise<TotpSetup> {
    await throttle(ctx);
    const { user } = await requireViewer(ctx);
    const secret = newTotpSecret();
    const started = await runStatement(ctx.em, {
      sql: `INSERT INTO totp_factors AS f (user_id, secret_sealed) VALUES (?, ?)
         ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, last_time_step = NULL, created_at = now()
         WHERE f.confirmed_at IS NULL
         RETURNING 1`,
      values: [user.id, sealSecret(ctx.config.jwtSecret, secret)],
    });
    if (!started.length) throw new TotpAlreadyOnError();
    return { secret, otpauthUrl: otpauthUrlOf(secret, user.email) };
  },

  /** Turns the authenticator on with its first code, and returns ten recovery codes, shown this once. */
  async confirmTotp(ctx: RequestContext, input: { code: unknown }): Promise<string[]> {
    await throttle(ctx);
    const { user } = await requireViewer(ctx);
    assertValid(validateFields(VerificationCodeFields, { ...input }));
    const factor = await totpFactorOf(ctx, user.id);
    if (!factor) throw new TotpNotSetUpError();
    if (factor.confirmed_at) throw new TotpAlreadyOnError();
    const codes = await ctx.em.transactional(async (em) => {
      const tx = { ...ctx, em };
      if ((await spendTotpCode(tx, user.id, factor, String(input.code), true)) === null) throw wrongCode();
      return replaceRecoveryCodes(em, user.id);
    });
    await recordFactorChange(ctx, user, { kind: 'totp_enabled' });
    return codes;
  },

  /** Ten new recovery codes for a current authenticator code; the earlier ones stop working. */
  async regenerateRecoveryCodes(ctx: RequestContext, input: { code: unknown }): Promise<string[]> {
    await throttle(ctx);
    const { user } = await requireViewer(ctx);
    assertValid(validateFields(VerificationCodeFields, { ...input }));
    const factor = await totpFactorOf(ctx, user.id);
    if (!factor?.confirmed_at) throw new TotpNotSetUpError();
    const codes = await underLockout(ctx, user.email, () =>
      ctx.em.transactional(async (em) => {
        if ((await spendTotpCode({ ...ctx, em }, user.id, factor, String(input.code))) === null) return wrongCode();
        return replaceRecoveryCodes(em, user.id);
      }),
    );
    await recordFactorChange(ctx, user, { kind: 'recovery_codes_created' });
    return codes;
  },

  /**
   * Turns the authenticator off: a code (from the app, or a recovery code
   * for a lost phone) and the password, or without it a sign-in or step-up
   * within the last 10 minutes, so neither a stolen session nor a stolen
   * phone is enough. Its recovery codes go with it.
   */
  async disableTotp(ctx: RequestContext, input: { password?: unknown; code: unknown }): Promise<string> {
    await throttle(ctx);
    const { user, session } = await requireViewer(ctx);
    assertValid(validateFields(DisableTotpRequest, { ...input }));
    const factor = await totpFactorOf(ctx, user.id);
    if (!factor?.confirmed_at) throw new TotpNotSetUpError();
    const password = passwordOrRecentProof(session, input.password);
    await underLockout(ctx, user.email, async () => {
      const passwordRight = password === null || (await verifyPassword(user.passwordHash, password));
      // The code is spent only with the right password: a wrong guess of the password does not use up a recovery code.
      const proof = passwordRight ? await spendSecondFactor(ctx, user.id, String(input.code)) : null;
      if (!passwordRight || !proof) {
        return passwordRight ? wrongCode() : new WrongCodeError({ password: UserMessages.currentPasswordWrong });
      }
      await ctx.em.transactional(async (em) => {
        await runStatement(em, { sql: 'DELETE FROM recovery_codes WHERE user_id = ?', values: [user.id] });
        await runStatement(em, { sql: 'DELETE FROM totp_factors WHERE user_id = ?', values: [user.id] });
      });
      return true;
    });
    await recordFactorChange(ctx, user, { kind: 'totp_disabled' });
    return SecondFactorMessages.totpTurnedOff;
  },
};
