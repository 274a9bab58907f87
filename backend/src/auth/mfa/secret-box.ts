import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticator secrets at rest: AES-256-GCM under a key derived from the
 * server's JWT secret, so a copy of the database alone (a backup, a replica)
 * does not hold the secrets that make codes. Unlike a password a secret
 * cannot be hashed: each sign-in computes codes from it.
 */
const VERSION = 'v1';

const keyOf = (serverSecret: string) => Buffer.from(hkdfSync('sha256', serverSecret, 'stockroom', 'authenticator secrets', 32));

export function sealSecret(serverSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The secret, or null when it was sealed under another key (the JWT secret changed) or was altered. */
export function openSecret(serverSecret: string, boxed: string): string | null {
  const [version, iv, tag, sealed] = boxed.split('.');
  if (version !== VERSION || !iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
