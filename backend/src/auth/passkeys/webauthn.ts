import { createHash } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ValidationMessages } from '@stockroom/schema';
import type { RequestContext } from '../../account/context';
import { ValidationError } from '../../common/errors';
import { runStatement } from '../../db/sql';

/**
 * @simplewebauthn/server's verification, loaded on the first passkey request: with its CBOR and
 * certificate parsers it takes longer to load than the rest of sign-in, for what many accounts
 * never use.
 */
export const webauthnLibrary = () => import('@simplewebauthn/server');

/** How long a browser has to answer a passkey challenge. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/**
 * What a challenge may be answered for: adding a passkey, signing in with one
 * (no password), a sign-in's second factor, or confirming it is you in a
 * session (step-up). An answer counts only for its own purpose.
 */
export type ChallengePurpose = 'register' | 'sign_in' | 'second_factor' | 'step_up';

/**
 * The relying party, from APP_URL alone: its host is the passkeys' scope and
 * its origin the only page allowed to use them, so no second setting can
 * disagree with the address people open.
 */
export function relyingPartyOf(appUrl: string): { id: string; origin: string; name: string } {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin, name: 'Stockroom' };
}

/** The WebAuthn user handle of an account: its UUID's 16 bytes, never the email (which can change). */
export const userHandleOf = (userId: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

const challengeHashOf = (challenge: string) => createHash('sha256').update(challenge, 'utf8').digest('hex');

/** Keeps a challenge handed out (its hash only) for `purpose`, issued to `userId` (null: to whoever answers). */
export async function storeChallenge(ctx: RequestContext, challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<void> {
  await runStatement(ctx.em, {
    sql: 'INSERT INTO webauthn_challenges (challenge_hash, purpose, user_id, expires_at) VALUES (?, ?, ?, now() + make_interval(secs => ?))',
    values: [challengeHashOf(challenge), purpose, userId, CHALLENGE_TTL_SECONDS],
  });
}

/**
 * Spends the challenge the browser signed, read from its clientDataJSON:
 * found (for this purpose, not expired) and deleted in one statement, so of
 * two answers to one challenge only one gets it, right or wrong. Returns
 * the challenge and whom it was issued to; null for one unknown, used or
 * expired.
 */
export async function spendChallenge(ctx: RequestContext, clientDataJSON: string, purpose: ChallengePurpose): Promise<{ challenge: string; userId: string | null } | null> {
  const { decodeClientDataJSON } = await import('@simplewebauthn/server/helpers');
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge === '' || challenge.length > 200) return null;
  const [row] = await runStatement<{ user_id: string | null }>(ctx.em, {
    sql: 'DELETE FROM webauthn_challenges WHERE challenge_hash = ? AND purpose = ? AND expires_at > now() RETURNING user_id',
    values: [challengeHashOf(challenge), purpose],
  });
  return row ? { challenge, userId: row.user_id } : null;
}

/**
 * Base64url text of a sane length: a credential id is at most 1023 bytes; a
 * signature up to 4.6 KB (ML-DSA-87, which browsers' authenticators begin to
 * offer); an attestation with certificates and a post-quantum key more.
 */
const isBase64Url = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max && /^[A-Za-z0-9_-]+={0,2}$/.test(value);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const invalidResponse = (field: string) => new ValidationError({ [field]: ValidationMessages.invalidFormat('Passkey response') });

/**
 * What every browser answer holds, checked: a public-key credential whose id and rawId agree, with
 * its `response` and that response's client data. The response, or null when any of it is wrong.
 */
function credentialResponseOf(value: unknown): Record<string, unknown> | null {
  if (!isObject(value) || !isBase64Url(value.id, 1400) || value.rawId !== value.id || value.type !== 'public-key') return null;
  const { response } = value;
  return isObject(response) && isBase64Url(response.clientDataJSON, 4096) ? response : null;
}

/** The answer as the library takes it: its extension results an object (a browser that has none may leave them out). */
function withExtensionResults<T>(value: unknown): T {
  const answer = value as Record<string, unknown>;
  return { ...answer, clientExtensionResults: isObject(answer.clientExtensionResults) ? answer.clientExtensionResults : {} } as T;
}

const isTransportList = (value: unknown) => Array.isArray(value) && value.length <= 10 && value.every((t) => typeof t === 'string' && t.length <= 20);

/** A browser's answer to `navigator.credentials.create()` as JSON, or a 400 on `field`. */
export function registrationResponseOf(value: unknown, field: string): RegistrationResponseJSON {
  const response = credentialResponseOf(value);
  if (!response || !isBase64Url(response.attestationObject, 65536) || (response.transports !== undefined && !isTransportList(response.transports))) {
    throw invalidResponse(field);
  }
  return withExtensionResults<RegistrationResponseJSON>(value);
}

/** A browser's answer to `navigator.credentials.get()` as JSON, or a 400 on `field`. */
export function authenticationResponseOf(value: unknown, field: string): AuthenticationResponseJSON {
  const response = credentialResponseOf(value);
  const userHandle = response?.userHandle;
  if (
    !response ||
    !isBase64Url(response.authenticatorData, 4096) ||
    !isBase64Url(response.signature, 8192) ||
    (userHandle !== undefined && userHandle !== null && !isBase64Url(userHandle, 128))
  ) {
    throw invalidResponse(field);
  }
  return withExtensionResults<AuthenticationResponseJSON>(value);
}
