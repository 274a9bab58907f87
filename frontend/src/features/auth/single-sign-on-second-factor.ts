import { SINGLE_SIGN_ON_METHODS_KEY, SINGLE_SIGN_ON_MFA_TOKEN_KEY } from '@stockroom/schema';
import type { CodeNeeded } from '../../lib/session';

/** The second factors the sign-in page knows how to ask for. */
const KNOWN_METHODS: ReadonlySet<string> = new Set(['totp', 'webauthn', 'recovery']);

/**
 * The second-factor step a single sign-on handed over in the address's
 * fragment (`#mfaToken=…&methods=totp,recovery`): the sign-in's token and
 * what the account can finish it with. Null for a fragment without a token
 * or without a method this page can ask for.
 */
export function secondFactorStepOf(hash: string): CodeNeeded | null {
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const mfaToken = fragment.get(SINGLE_SIGN_ON_MFA_TOKEN_KEY)?.trim() ?? '';
  const methods = (fragment.get(SINGLE_SIGN_ON_METHODS_KEY) ?? '').split(',').filter((method) => KNOWN_METHODS.has(method));
  return mfaToken && methods.length ? { mfaToken, methods } : null;
}
