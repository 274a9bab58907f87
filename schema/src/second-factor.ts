import { Rules, type TextRule } from './validation';

/*
 * Two-factor authentication and step-up: their messages and field rules, in
 * a module of their own so that only the client chunks that need them (the
 * code step of sign-in, the profile) carry them, not the sign-in page.
 */

/** What two-factor authentication and step-up say. */
export const SecondFactorMessages = {
  /** A wrong, used or replayed authenticator or recovery code. */
  invalidVerificationCode: 'Invalid verification code',
  /** The second step of a sign-in with an unknown, used or expired `mfaToken`. */
  mfaTokenInvalid: 'This sign-in has expired. Please sign in again',
  totpAlreadyOn: 'Two-factor authentication is already on',
  totpNotSetUp: 'Set up two-factor authentication first',
  totpTurnedOff: 'Two-factor authentication turned off',
  /** A sensitive action (a new API token or webhook) in a session whose password or code is older than 10 minutes. */
  stepUpRequired: 'Confirm it is you: enter your password or a code again, or use a passkey',
  stepUpDone: 'Confirmed for the next 10 minutes',
  /** Confirming it is you needs one of the three. */
  stepUpProofMissing: 'Enter your password or a code, or use a passkey',
  /** A passkey's answer that does not check out: forged, for another site, another account's passkey, or an unknown one. */
  passkeyInvalid: 'This passkey could not be verified',
  /** A passkey answer to a challenge that is unknown, already answered or older than 5 minutes. */
  passkeyChallengeExpired: 'This passkey request has expired. Please try again',
  passkeyNotFound: 'Passkey not found',
  passkeyAlreadyAdded: 'This passkey is already added to an account',
  passkeyRemoved: 'Passkey removed',
  passkeyAdded: 'Passkey added',
  passkeyRenamed: 'Passkey renamed',
  /** The browser's passkey prompt was closed, timed out, or found no passkey for this site. */
  passkeyCancelled: 'No passkey was used. Try again, or use another way to sign in',
  passkeyUnsupported: 'This browser cannot use passkeys',
  /** More passkeys than an account may keep. */
  tooManyPasskeys: (max: number) => `An account can keep at most ${max} passkeys`,
} as const;

/** How many passkeys one account may keep. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;

/** A passkey's name, as its holder calls it ("Work laptop"). */
export const PasskeyNameFields = { name: { kind: 'text', label: 'Name', required: true, max: 100 } satisfies TextRule };

/** Sign-in's second step: the token from the first step and a code from the authenticator (or a recovery code). */
export const SignInWithCodeFields = { mfaToken: Rules.mfaToken, code: Rules.verificationCode };
/** Confirming an authenticator, or new recovery codes: a current code. */
export const VerificationCodeFields = { code: Rules.verificationCode };
/** Confirming it is you before a sensitive action: the password or a code (or a passkey's answer, checked by the service; one of them). */
export const StepUpFields = {
  password: { ...Rules.currentPassword, required: false },
  code: { ...Rules.verificationCode, required: false },
};
/**
 * Turning the authenticator off: the password and a current code, so neither
 * a stolen session nor a stolen phone is enough. The form's rules: the server
 * also takes a sign-in or step-up in the last 10 minutes for the password.
 */
export const DisableTotpFields = { password: Rules.currentPassword, code: Rules.verificationCode };
