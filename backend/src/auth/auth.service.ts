import { randomUUID } from 'node:crypto';
import {
  AuthMessages,
  ForgotPasswordFields,
  ResetPasswordFields,
  Rules,
  SESSION_TIMEOUT_MS,
  SignInFields,
  SignInWithCodeFields,
  validateFields,
  validateSignUp,
} from '@stockroom/schema';
import { logActivityStatement } from '../activity/activity-log';
import { clientKeyOf, issueOneTimeToken, link, redeemOneTimeToken, revokeAccess, revokeOneTimeTokens, sendVerificationEmail, throttle, throttleHitStatement } from '../account/account.service';
import { refuseHitPastLimit } from '../account/rate-limiter';
import type { RequestContext } from '../account/context';
import { assertValid } from '../common/errors';
import { runStatement, type Statement } from '../db/sql';
import { profileLink } from '../mail/client-links';
import { passwordChangedMail, passwordResetMail } from '../mail/templates';
import { User, UserStatus } from '../account/user.entity';
import { InvalidLinkError } from '../account/account.errors';
import { AccountInactiveError, InvalidCredentialsError } from './auth.errors';
import { codeStepStatement, completeCodeSignInStatement, completeSignInStatement, halfwaySignInStatement, openSessionStatement, userByEmailStatement } from './auth.queries';
import { assertEmailFree, claimingEmail, normalizeEmail } from '../account/email-uniqueness';
import { claimRecipientQuota, MailKind } from '../account/mail-limits';
import { TokenPurpose } from '../account/one-time-token.entity';
import { hashPassword, spendVerifyTime, verifyPassword } from '../account/password-hasher';
import { Session } from '../account/session.entity';
import { emailKeyOf, SignInAttempts } from './sign-in-attempts.entity';
import { signAccessToken } from '../account/tokens';
import { requireViewer } from '../account/viewer';
import { refuseSignInAttempt, releaseSignInAttempt, reserveSignInAttempt, signInSlotOf } from './sign-in-attempts';
import { InvalidVerificationCodeError, MfaTokenInvalidError } from './mfa/mfa.errors';
import {
  challengeOf,
  challengeOfRow,
  challengeQueryOf,
  closeChallenge,
  closeChallengeAfterStatement,
  codeProofOf,
  newChallenge,
  recordFactorChange,
  secondFactorMethodsOf,
  type SecondFactorMethod,
  type WaitingSignIn,
} from './mfa/second-factor';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { authenticationOptionsFor, storedPasskeyOf, verifyAssertion } from './passkeys/passkey-assertion';
import { PasskeyChallengeExpiredError, PasskeyInvalidError } from './passkeys/passkeys.errors';
import { authenticationResponseOf, spendChallenge } from './passkeys/webauthn';

const RESET_TOKEN_TTL_MS = 60 * 60_000;

export interface AuthResult {
  accessToken: string;
  expiresAt: Date;
  user: User;
}

/** A right password for an account with a second factor: the sign-in goes on at `signInWithCode` with the token. */
export interface MfaRequired {
  mfaRequired: true;
  /** Single use, valid 5 minutes. */
  mfaToken: string;
  methods: readonly SecondFactorMethod[];
}

export const isMfaRequired = (result: AuthResult | MfaRequired): result is MfaRequired => 'mfaRequired' in result;

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** The whole sign-up form of the original client: checked against `password` when sent, never stored. */
  confirmPassword?: string | null;
}
export interface SignInInput {
  email: string;
  password: string;
}
export interface SignInWithCodeInput {
  mfaToken: string;
  code: string;
}
/** A sign-in with a passkey: its answer to passkeyOptions; with the `mfaToken` of a right password, as the second factor. */
export interface SignInWithPasskeyInput {
  mfaToken?: unknown;
  assertion: unknown;
}
export interface ResetPasswordInput {
  email: string;
  resetToken: string;
  newPassword: string;
}

/** A new session's id and expiry, and the answer (with its signed token) that goes with them. */
function newSession(ctx: RequestContext, user: User) {
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + SESSION_TIMEOUT_MS);
  const result: AuthResult = { accessToken: signAccessToken({ sub: user.id, sid: id }, ctx.config.jwtSecret, expiresAt), expiresAt, user };
  return { id, expiresAt, result };
}

/** Opens a session for a user who just signed up. */
async function startSession(ctx: RequestContext, user: User): Promise<AuthResult> {
  const session = newSession(ctx, user);
  await ctx.em.insert(Session, { id: session.id, user, expiresAt: session.expiresAt, createdAt: new Date() });
  return session.result;
}

/** What a new account is made of: a normalised email that is free, names within the rules, a password hash. */
export type NewAccount = Pick<User, 'email' | 'firstName' | 'lastName' | 'passwordHash'> & { emailVerified?: boolean; passwordSet?: boolean };

/** Creates an account as sign-up does (its personal workspace comes with it) and logs 'account_created'. */
export async function createAccount(ctx: RequestContext, fields: NewAccount): Promise<User> {
  await assertEmailFree(ctx, fields.email);
  const user = ctx.em.create(User, fields);
  await claimingEmail(() => ctx.em.flush());
  await runStatement(ctx.em, logActivityStatement(user.id, 'account_created'));
  return user;
}

/**
 * Signs in a user whom something other than their password identified (an
 * OpenID provider): the same session and answer as a password sign-in, and a
 * 'signed_in' entry saying how (`via`).
 */
export async function signInIdentifiedUser(ctx: RequestContext, user: User, via: Record<string, unknown>): Promise<AuthResult> {
  const session = newSession(ctx, user);
  await execute(ctx, openSessionStatement(user.id, session.id, session.expiresAt, via));
  return session.result;
}

/** Sign-in's own statements, on the pool (sign-in opens no unit of work): an unknown email and a wrong password send the very same ones. */
const execute = <T>(ctx: RequestContext, statement: Statement) => runStatement<T>(ctx.em, statement);

/**
 * The code step's throttle, waiting sign-in and lockout slot in one statement (codeStepStatement):
 * each a round trip of its own was most of what the step cost beside the code's own statement.
 * Throws the throttle's 429; `reserved` is false when the account is inactive or no slot was free.
 */
async function openCodeStep(ctx: RequestContext, token: string): Promise<{ challenge: WaitingSignIn | null; reserved: boolean }> {
  const statement = codeStepStatement(throttleHitStatement(ctx), challengeQueryOf(token), {
    throttleLimit: ctx.config.authRateLimit,
    activeStatus: UserStatus.Active,
    ...signInSlotOf(ctx),
  });
  // On the pool, outside any transaction (the hit stands whatever follows), prepared: its text is the same every time.
  const [row] = await ctx.sql.query<Record<string, unknown>>({ ...statement, prepared: true });
  const { throttle_hits, throttle_reset_seconds, slot_reserved, ...challengeRow } = row;
  refuseHitPastLimit({ hits: throttle_hits as number, reset_seconds: throttle_reset_seconds as number }, ctx.config.authRateLimit);
  return { challenge: challengeRow.id == null ? null : challengeOfRow(challengeRow), reserved: slot_reserved === true };
}

/** A plain SELECT mapped to the entity: sign-in's hot path skips the query builder. Also says whether the account has a second factor. */
async function findUserByEmail(ctx: RequestContext, email: string): Promise<{ user: User; methods: SecondFactorMethod[] } | null> {
  const [row] = await execute<Record<string, unknown>>(ctx, userByEmailStatement(normalizeEmail(email)));
  if (!row) return null;
  const { has_totp: totp, has_passkey: passkey, ...columns } = row;
  return { user: ctx.em.map(User, columns), methods: secondFactorMethodsOf({ totp: totp === true, passkey: passkey === true }) };
}

/**
 * Sign-in's last step in one statement: releases the reserved password check
 * (clearing the failure count), logs the sign-in and opens the session.
 */
async function completeSignIn(ctx: RequestContext, user: User, emailKey: string, via?: Record<string, unknown>): Promise<AuthResult> {
  const session = newSession(ctx, user);
  await execute(ctx, completeSignInStatement(emailKey, clientKeyOf(ctx), user.id, session.id, session.expiresAt, via));
  return session.result;
}

/**
 * A passkey as a sign-in's second factor: the token of a right password and
 * an answer to the options issued for it, by one of that account's passkeys.
 * A wrong answer counts towards the lock as a wrong code does.
 */
async function passkeySecondFactor(ctx: RequestContext, mfaToken: unknown, assertion: unknown): Promise<AuthResult> {
  assertValid(validateFields({ mfaToken: Rules.mfaToken }, { mfaToken }));
  const response = authenticationResponseOf(assertion, 'assertion');
  const challenge = await challengeOf(ctx, String(mfaToken));
  if (!challenge) throw new MfaTokenInvalidError();
  const user = ctx.em.map(User, challenge.userRow);
  if (user.status !== UserStatus.Active) throw new AccountInactiveError();
  const emailKey = emailKeyOf(user.email);
  await reserveSignInAttempt(ctx, emailKey);
  const right = await (async () => {
    const spent = await spendChallenge(ctx, response.response.clientDataJSON, 'second_factor');
    if (!spent || spent.userId !== user.id) return false;
    const passkey = await storedPasskeyOf(ctx, response.id, user.id);
    return passkey !== null && (await verifyAssertion(ctx, response, spent.challenge, passkey, false));
  })().catch(async (error) => {
    await releaseSignInAttempt(ctx, emailKey, 'wrong');
    throw error;
  });
  if (!right) throw new PasskeyInvalidError(await releaseSignInAttempt(ctx, emailKey, 'wrong'));
  if (!(await closeChallenge(ctx, String(mfaToken)))) {
    await releaseSignInAttempt(ctx, emailKey, 'halfway');
    throw new MfaTokenInvalidError();
  }
  return completeSignIn(ctx, user, emailKey, challenge.via);
}

export const authService = {
  /** Creates an account, signs it in and emails a verification link. */
  async signUp(ctx: RequestContext, input: SignUpInput): Promise<AuthResult> {
    await throttle(ctx);
    assertValid(validateSignUp({ ...input }));
    const user = await createAccount(ctx, {
      email: normalizeEmail(input.email),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      passwordHash: await hashPassword(input.password),
    });
    await sendVerificationEmail(ctx, user);
    return startSession(ctx, user);
  },

  /**
   * Checks email and password. An unknown email takes the same steps as a
   * wrong password (the same statements, a password check against a
   * throw-away hash) and gets the same answers: 5 failures in a row from one
   * client lock that email for that client for 15 minutes, the last two
   * failures before the lock say how many attempts are left, and checks in
   * flight make it busy (see reserveSignInAttempt), account or not.
   */
  async signIn(ctx: RequestContext, input: SignInInput): Promise<AuthResult | MfaRequired> {
    await throttle(ctx);
    assertValid(validateFields(SignInFields, { ...input }));
    const email = normalizeEmail(input.email);
    const emailKey = emailKeyOf(email);
    const found = await findUserByEmail(ctx, email);
    const user = found?.user;
    await reserveSignInAttempt(ctx, emailKey);
    const check = user ? verifyPassword(user.passwordHash, input.password) : spendVerifyTime(input.password).then(() => false);
    const passwordMatched = await check.catch(async (error) => {
      await releaseSignInAttempt(ctx, emailKey, 'wrong');
      throw error;
    });
    if (!user || !passwordMatched || user.status !== UserStatus.Active) {
      const warning = await releaseSignInAttempt(ctx, emailKey, passwordMatched ? 'right' : 'wrong');
      throw passwordMatched ? new AccountInactiveError() : new InvalidCredentialsError(warning);
    }
    if (found.methods.length) {
      // The failures so far stay counted: wrong codes after this right password add up to the same lock.
      const challenge = newChallenge(user.id);
      await execute(ctx, halfwaySignInStatement(emailKey, clientKeyOf(ctx), challenge.statement));
      return { mfaRequired: true, mfaToken: challenge.token, methods: found.methods };
    }
    return completeSignIn(ctx, user, emailKey);
  },

  /**
   * Sign-in's second step: the token from `signIn` and a code from the
   * authenticator or a recovery code. A wrong code counts towards the same
   * lock as a wrong password (and warns of it the same way); a right one ends
   * the token, so it completes one sign-in. A recovery code used is emailed
   * to the account and listed in its activity.
   */
  async signInWithCode(ctx: RequestContext, input: SignInWithCodeInput & { assertion?: unknown }): Promise<AuthResult> {
    if (input.assertion !== undefined && input.code === undefined) return authService.signInWithPasskey(ctx, { mfaToken: input.mfaToken ?? '', assertion: input.assertion });
    const problems = validateFields(SignInWithCodeFields, { ...input });
    if (Object.keys(problems).length > 0) {
      await throttle(ctx);
      assertValid(problems);
    }
    const { challenge, reserved } = await openCodeStep(ctx, input.mfaToken);
    if (!challenge) throw new MfaTokenInvalidError();
    const user = ctx.em.map(User, challenge.userRow);
    if (user.status !== UserStatus.Active) throw new AccountInactiveError();
    const emailKey = emailKeyOf(user.email);
    if (!reserved) await refuseSignInAttempt(ctx, emailKey);
    // Spending the code, ending the token and opening the session are one statement: each write a
    // commit of its own was most of what a code added to a sign-in.
    const proof = codeProofOf(ctx, user.id, input.code, challenge.factor);
    if (!proof) throw new InvalidVerificationCodeError(await releaseSignInAttempt(ctx, emailKey, 'wrong'));
    const session = newSession(ctx, user);
    const complete = completeCodeSignInStatement(proof, closeChallengeAfterStatement(input.mfaToken, 'spent'), {
      emailKey,
      clientKey: clientKeyOf(ctx),
      userId: user.id,
      sessionId: session.id,
      expiresAt: session.expiresAt,
      via: challenge.via,
    });
    // One text per kind of code (an authenticator's or a recovery code): kept prepared on the pool.
    const [outcome] = await ctx.sql.query<{ spent: boolean; signed_in: boolean; recovery_left: number | null }>({ ...complete, prepared: true }).catch(async (error) => {
      await releaseSignInAttempt(ctx, emailKey, 'wrong');
      throw error;
    });
    if (!outcome.spent) throw new InvalidVerificationCodeError(await releaseSignInAttempt(ctx, emailKey, 'wrong'));
    if (!outcome.signed_in) {
      await releaseSignInAttempt(ctx, emailKey, 'halfway');
      throw new MfaTokenInvalidError();
    }
    if (proof.method === 'recovery') await recordFactorChange(ctx, user, { kind: 'recovery_code_used', left: outcome.recovery_left ?? 0 });
    return session.result;
  },

  /**
   * The options for `navigator.credentials.get()`: a single-use challenge
   * for 5 minutes. Without a token, for signing in with a passkey instead
   * of the password (any of this site's discoverable passkeys, which must
   * check their holder); with the `mfaToken` of a right password, for that
   * account's passkeys as the second factor.
   */
  async passkeyOptions(ctx: RequestContext, input: { mfaToken?: unknown }): Promise<PublicKeyCredentialRequestOptionsJSON> {
    await throttle(ctx);
    if (input.mfaToken === undefined || input.mfaToken === null) return authenticationOptionsFor(ctx, null);
    assertValid(validateFields({ mfaToken: Rules.mfaToken }, { mfaToken: input.mfaToken }));
    const challenge = await challengeOf(ctx, String(input.mfaToken));
    if (!challenge) throw new MfaTokenInvalidError();
    return authenticationOptionsFor(ctx, String(challenge.userRow.id));
  },

  /**
   * Signs in with a passkey's answer to passkeyOptions. Without a token it
   * stands for the password: the passkey names the account, and a wrong
   * answer for a known passkey counts towards that account's lock as a
   * wrong password does; the session and activity are a password
   * sign-in's. With the `mfaToken`, it is the second factor
   * (signInWithCode's rules). The challenge is spent whatever the outcome.
   */
  async signInWithPasskey(ctx: RequestContext, input: SignInWithPasskeyInput): Promise<AuthResult> {
    await throttle(ctx);
    if (input.mfaToken !== undefined && input.mfaToken !== null) return passkeySecondFactor(ctx, input.mfaToken, input.assertion);
    const response = authenticationResponseOf(input.assertion, 'assertion');
    const spent = await spendChallenge(ctx, response.response.clientDataJSON, 'sign_in');
    if (!spent) throw new PasskeyChallengeExpiredError();
    const passkey = await storedPasskeyOf(ctx, response.id);
    if (!passkey) throw new PasskeyInvalidError();
    const user = ctx.em.map(User, passkey.userRow);
    const emailKey = emailKeyOf(user.email);
    await reserveSignInAttempt(ctx, emailKey);
    const right = await verifyAssertion(ctx, response, spent.challenge, passkey, true).catch(async (error) => {
      await releaseSignInAttempt(ctx, emailKey, 'wrong');
      throw error;
    });
    if (!right) throw new PasskeyInvalidError(await releaseSignInAttempt(ctx, emailKey, 'wrong'));
    if (user.status !== UserStatus.Active) {
      await releaseSignInAttempt(ctx, emailKey, 'right');
      throw new AccountInactiveError();
    }
    return completeSignIn(ctx, user, emailKey, { via: 'passkey' });
  },

  /** Revokes the caller's session only; other devices stay signed in. */
  async signOut(ctx: RequestContext): Promise<string> {
    const { session } = await requireViewer(ctx);
    session.revokedAt = new Date();
    await ctx.em.flush();
    return AuthMessages.signedOut;
  },

  /** Emails a reset link when the account exists; the answer is the same either way. */
  async forgotPassword(ctx: RequestContext, input: { email: string }): Promise<string> {
    await throttle(ctx);
    assertValid(validateFields(ForgotPasswordFields, { ...input }));
    const email = normalizeEmail(input.email);
    // Counted before the lookup, so an unknown address runs into the same cap (and 429) as a real one.
    await claimRecipientQuota(ctx, MailKind.PasswordReset, email);
    const user = await ctx.em.findOne(User, { email });
    if (user && user.status === UserStatus.Active) {
      const token = await issueOneTimeToken(ctx, user, TokenPurpose.PasswordReset, RESET_TOKEN_TTL_MS);
      await ctx.mailer.send(passwordResetMail(user.email, user.firstName, link(ctx, '/auth/reset-password', token, user.email)));
    }
    return AuthMessages.forgotPasswordSent;
  },

  /**
   * Sets a new password from an emailed link. The link works once; every
   * session, API token and other emailed link of the account is revoked
   * (someone else may have had the old password), and its lockouts are cleared.
   * The account is emailed that its password was reset, as for any change.
   */
  async resetPassword(ctx: RequestContext, input: ResetPasswordInput): Promise<string> {
    await throttle(ctx);
    assertValid(validateFields(ResetPasswordFields, { ...input }));
    const user = await ctx.em.transactional(async (em) => {
      const tx = { ...ctx, em };
      const user = await redeemOneTimeToken(tx, input.email, input.resetToken, TokenPurpose.PasswordReset);
      if (!user) throw new InvalidLinkError('resetToken', AuthMessages.resetLinkInvalid);
      user.passwordHash = await hashPassword(input.newPassword);
      user.passwordSet = true;
      // The emailed link proves the address belongs to the user.
      user.emailVerified = true;
      await revokeAccess(em, user.id, 'password_reset');
      await revokeOneTimeTokens(em, user.id);
      await em.nativeDelete(SignInAttempts, { emailKey: emailKeyOf(user.email) });
      await runStatement(em, logActivityStatement(user.id, 'password_changed', { via: 'reset' }));
      return user;
    });
    await ctx.mailer.send(passwordChangedMail(user.email, user.firstName, 'reset', profileLink(ctx.config.appUrl)));
    return AuthMessages.resetSuccess;
  },

};
