import type { AuthenticationResponseJSON, AuthenticatorTransport, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { RequestContext } from '../../account/context';
import { runStatement } from '../../db/sql';
import { PasskeyNotFoundError } from './passkeys.errors';
import { CHALLENGE_TTL_SECONDS, relyingPartyOf, storeChallenge, userHandleOf, webauthnLibrary } from './webauthn';

/** A passkey as sign-in checks it, with every column of its account (`userRow`) for mapping to the entity. */
export interface StoredPasskey {
  id: string;
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  userRow: Record<string, unknown>;
}

/** The passkey with this credential id, and its account; only among `userId`'s passkeys when given. */
export async function storedPasskeyOf(ctx: RequestContext, credentialId: string, userId?: string): Promise<StoredPasskey | null> {
  const [row] = await runStatement<Record<string, unknown>>(ctx.em, {
    sql: `SELECT users.*, p.id AS passkey_id, p.credential_id AS passkey_credential_id, p.public_key AS passkey_public_key,
         p.counter AS passkey_counter, p.transports AS passkey_transports
       FROM passkeys p JOIN users ON users.id = p.user_id
       WHERE p.credential_id = ? AND (?::uuid IS NULL OR p.user_id = ?::uuid)`,
    values: [credentialId, userId ?? null, userId ?? null],
  });
  if (!row) return null;
  const { passkey_id, passkey_credential_id, passkey_public_key, passkey_counter, passkey_transports, ...userRow } = row;
  return {
    id: passkey_id as string,
    credentialId: passkey_credential_id as string,
    publicKey: passkey_public_key as Buffer,
    counter: Number(passkey_counter),
    transports: passkey_transports as string[],
    userRow,
  };
}

/**
 * The options for `navigator.credentials.get()`, their challenge kept: for
 * no account, any of this site's discoverable passkeys, which must check
 * their holder (they stand for the password); for `userId`, that account's
 * passkeys (none: not found), as a sign-in's second factor, or to confirm
 * it is you in a session (`step_up`), where the passkey stands for the
 * password again and must check its holder too.
 */
export async function authenticationOptionsFor(
  ctx: RequestContext,
  userId: string | null,
  purpose: 'second_factor' | 'step_up' = 'second_factor',
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingPartyOf(ctx.config.appUrl);
  const timeout = CHALLENGE_TTL_SECONDS * 1000;
  const { generateAuthenticationOptions } = await webauthnLibrary();
  if (userId === null) {
    const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout });
    await storeChallenge(ctx, options.challenge, 'sign_in', null);
    return options;
  }
  const allowCredentials = await allowedCredentialsOf(ctx, userId);
  if (!allowCredentials.length) throw new PasskeyNotFoundError();
  const userVerification = purpose === 'step_up' ? 'required' : 'preferred';
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification, timeout, allowCredentials });
  await storeChallenge(ctx, options.challenge, purpose, userId);
  return options;
}

/** The credentials a browser may offer for a second factor or a step-up: the account's passkeys. */
async function allowedCredentialsOf(ctx: RequestContext, userId: string): Promise<{ id: string; transports: AuthenticatorTransport[] }[]> {
  const rows = await runStatement<{ credential_id: string; transports: string[] }>(ctx.em, {
    sql: 'SELECT credential_id, transports FROM passkeys WHERE user_id = ? ORDER BY created_at',
    values: [userId],
  });
  return rows.map((row) => ({ id: row.credential_id, transports: row.transports as AuthenticatorTransport[] }));
}

/**
 * Whether the browser's answer was signed by this passkey, for this site,
 * over `challenge` (already spent), with a signature counter that moved on
 * (a cloned authenticator's does not). A right answer records the new
 * counter and the time of use; of two answers at once with the same counter
 * only one is right. `userVerified`: sign-in without a password, and
 * step-up, need the authenticator to have checked its holder (PIN,
 * fingerprint).
 */
export async function verifyAssertion(
  ctx: RequestContext,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: StoredPasskey,
  userVerified: boolean,
): Promise<boolean> {
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(String(passkey.userRow.id))).toString('base64url')) return false;
  const rp = relyingPartyOf(ctx.config.appUrl);
  const { verifyAuthenticationResponse } = await webauthnLibrary();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: userVerified,
    credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports as AuthenticatorTransport[] },
  }).catch(() => null);
  if (!verification?.verified) return false;
  const updated = await runStatement(ctx.em, {
    sql: 'UPDATE passkeys SET counter = ?, last_used_at = now() WHERE id = ? AND counter = ? RETURNING 1',
    values: [verification.authenticationInfo.newCounter, passkey.id, passkey.counter],
  });
  return updated.length > 0;
}
