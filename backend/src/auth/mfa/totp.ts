import { generateSecret, generateURI, verifySync } from 'otplib';

/** What authenticator apps show above the account's codes. */
export const TOTP_ISSUER = 'Stockroom';
/** Codes of the step before and after the current one are accepted too (RFC 6238's recommended allowance for clock drift). */
const DRIFT_SECONDS = 30;

/** A new authenticator secret: 20 random bytes in base32, as apps and the otpauth URL expect. */
export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://` URL a QR code carries: the issuer, the account's email and the secret. */
export const otpauthUrlOf = (secret: string, email: string): string => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/** A code as people type it: digits, perhaps grouped with spaces ("123 456"). */
export const totpCodeOf = (typed: string): string | null => {
  const digits = typed.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
};

/**
 * The time step (30-second window since the epoch) a code belongs to when it
 * is right for `secret` now, and later than `afterTimeStep`; otherwise null.
 * Refusing steps at or before the last one used is what makes a code work once.
 */
export function totpTimeStepOf(secret: string, code: string, afterTimeStep: number | null, now = Date.now()): number | null {
  const token = totpCodeOf(code);
  if (!token) return null;
  const result = verifySync({
    secret,
    token,
    epoch: Math.floor(now / 1000),
    epochTolerance: DRIFT_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
