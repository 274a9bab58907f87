import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** What the browser carries from the start of a single sign-on to its callback, signed so it cannot be changed. */
export interface OidcTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Signing in, or linking the account of the session that started it. */
  intent: 'sign-in' | 'link';
  /** For a link: the account and the session that asked for it, checked again at the callback. */
  userId?: string;
  sessionId?: string;
  /** Where a sign-in goes once done: a path of the app. */
  returnUrl?: string;
}

/** Long enough to type a password and a code at the provider; short enough that a stolen cookie soon goes stale. */
export const OIDC_TRANSACTION_TTL_SECONDS = 10 * 60;

/** A key of its own, derived from the JWT secret: this cookie can never pass for an access token, nor one for it. */
const keyOf = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('stockroom oidc transaction').digest();

export function sealOidcTransaction(transaction: OidcTransaction, jwtSecret: string): string {
  return jwt.sign({ oidc: transaction }, keyOf(jwtSecret), { algorithm: 'HS256', expiresIn: OIDC_TRANSACTION_TTL_SECONDS, audience: 'oidc-transaction' });
}

/** The transaction the cookie holds, or null when it is missing, altered, expired or of another kind. */
export function openOidcTransaction(sealed: string | undefined, jwtSecret: string): OidcTransaction | null {
  if (!sealed) return null;
  try {
    const payload = jwt.verify(sealed, keyOf(jwtSecret), { algorithms: ['HS256'], audience: 'oidc-transaction' });
    const transaction = typeof payload === 'object' ? (payload.oidc as OidcTransaction | undefined) : undefined;
    return transaction && typeof transaction.state === 'string' && typeof transaction.codeVerifier === 'string' ? transaction : null;
  } catch {
    return null;
  }
}
