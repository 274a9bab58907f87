import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits without the look-alikes (0/o, 1/l/i), so a code copied by hand reads back right. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

/** Ten random codes shown once, "abcde-fghjk": about 50 bits each, plenty behind the sign-in lockout. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A code as typed, in the one form it is hashed in: lower case, without spaces or dashes; null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]+/g, '');
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/**
 * What is stored of a code: its SHA-256. The codes are random and long, so a
 * slow password hash would add nothing but time to each sign-in.
 */
export const recoveryCodeHashOf = (normalized: string): string => createHash('sha256').update(normalized, 'utf8').digest('hex');
