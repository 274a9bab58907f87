import type { AuthenticatorTransport, PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { MAX_PASSKEYS_PER_ACCOUNT, PasskeyNameFields, SecondFactorMessages, validateFields } from '@stockroom/schema';
import { throttle } from '../../account/account.service';
import type { RequestContext } from '../../account/context';
import { assertRecentProof } from '../../account/step-up';
import { requireViewer } from '../../account/viewer';
import { assertValid, canonicalId, ValidationError } from '../../common/errors';
import { runStatement } from '../../db/sql';
import { recordFactorChange } from '../mfa/second-factor';
import { PasskeyAlreadyAddedError, PasskeyNotFoundError, TooManyPasskeysError } from './passkeys.errors';
import { CHALLENGE_TTL_SECONDS, registrationResponseOf, relyingPartyOf, spendChallenge, storeChallenge, userHandleOf, webauthnLibrary } from './webauthn';

/** A passkey as the profile lists it; its key and counter stay on the server. */
export interface PasskeyView {
  id: string;
  name: string;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface PasskeyRow {
  id: string;
  name: string;
  transports: string[];
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const COLUMNS = 'id, name, transports, created_at, last_used_at';
// The pool hands timestamps back as text: GraphQL's DateTime wants Dates.
const viewOf = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  transports: row.transports,
  createdAt: new Date(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
});

const nameOf = (input: { name?: unknown }) => {
  assertValid(validateFields(PasskeyNameFields, { name: input.name }));
  return String(input.name).trim();
};

/** The profile's passkeys: adding one (options, then the browser's answer), listing, renaming and removing them. */
export const passkeysService = {
  async list(ctx: RequestContext): Promise<PasskeyView[]> {
    const { user } = await requireViewer(ctx);
    const rows = await runStatement<PasskeyRow>(ctx.em, { sql: `SELECT ${COLUMNS} FROM passkeys WHERE user_id = ? ORDER BY created_at, id`, values: [user.id] });
    return rows.map(viewOf);
  },

  /**
   * The options for `navigator.credentials.create()`: a discoverable
   * credential (so it can sign in without an email) for this site, none of
   * the account's passkeys again. Adding a factor is sensitive: it needs a
   * password or code given within the last 10 minutes (step-up).
   */
  async registrationOptions(ctx: RequestContext): Promise<PublicKeyCredentialCreationOptionsJSON> {
    await throttle(ctx);
    const { user, session } = await requireViewer(ctx);
    assertRecentProof(session);
    const existing = await runStatement<{ credential_id: string; transports: string[] }>(ctx.em, {
      sql: 'SELECT credential_id, transports FROM passkeys WHERE user_id = ?',
      values: [user.id],
    });
    if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) throw new TooManyPasskeysError();
    const rp = relyingPartyOf(ctx.config.appUrl);
    const { generateRegistrationOptions } = await webauthnLibrary();
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userID: userHandleOf(user.id),
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
      attestationType: 'none',
      timeout: CHALLENGE_TTL_SECONDS * 1000,
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports as AuthenticatorTransport[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await storeChallenge(ctx, options.challenge, 'register', user.id);
    return options;
  },

  /**
   * Adds the passkey the browser made from registrationOptions, under a
   * name. The challenge is spent whatever the outcome. Emailed to the
   * account and listed in its activity.
   */
  async add(ctx: RequestContext, input: { name?: unknown; attestation?: unknown }): Promise<PasskeyView> {
    await throttle(ctx);
    const { user, session } = await requireViewer(ctx);
    assertRecentProof(session);
    const name = nameOf(input);
    const response = registrationResponseOf(input.attestation, 'attestation');
    const refused = (message: string) => new ValidationError({ attestation: message });
    const spent = await spendChallenge(ctx, response.response.clientDataJSON, 'register');
    if (!spent || spent.userId !== user.id) throw refused(SecondFactorMessages.passkeyChallengeExpired);
    const rp = relyingPartyOf(ctx.config.appUrl);
    const { verifyRegistrationResponse } = await webauthnLibrary();
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: spent.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified || !verification.registrationInfo) throw refused(SecondFactorMessages.passkeyInvalid);
    const { credential } = verification.registrationInfo;
    const [row] = await runStatement<PasskeyRow & { full: boolean }>(ctx.em, {
      sql: `INSERT INTO passkeys (id, user_id, credential_id, public_key, counter, transports, name)
         SELECT gen_random_uuid(), ?, ?, ?, ?, ?::text[], ?
         WHERE (SELECT count(*) FROM passkeys WHERE user_id = ?) < ?
         ON CONFLICT (credential_id) DO NOTHING
         RETURNING ${COLUMNS}`,
      values: [user.id, credential.id, Buffer.from(credential.publicKey), credential.counter, credential.transports ?? [], name, user.id, MAX_PASSKEYS_PER_ACCOUNT],
    });
    if (!row) {
      const [taken] = await runStatement(ctx.em, { sql: 'SELECT 1 FROM passkeys WHERE credential_id = ?', values: [credential.id] });
      throw taken ? new PasskeyAlreadyAddedError() : new TooManyPasskeysError();
    }
    await recordFactorChange(ctx, user, { kind: 'passkey_added', name });
    return viewOf(row);
  },

  /** Renames one of the account's passkeys; another account's is not found. */
  async rename(ctx: RequestContext, rawId: unknown, input: { name?: unknown }): Promise<PasskeyView> {
    const { user } = await requireViewer(ctx);
    const id = canonicalId(rawId);
    const name = nameOf(input);
    const [row] = await runStatement<PasskeyRow>(ctx.em, { sql: `UPDATE passkeys SET name = ? WHERE id = ? AND user_id = ? RETURNING ${COLUMNS}`, values: [name, id, user.id] });
    if (!row) throw new PasskeyNotFoundError();
    return viewOf(row);
  },

  /** Removes one of the account's passkeys (step-up, as for turning any factor off); emailed and listed in its activity. */
  async remove(ctx: RequestContext, rawId: unknown): Promise<string> {
    const { user, session } = await requireViewer(ctx);
    const id = canonicalId(rawId);
    assertRecentProof(session);
    const [row] = await runStatement<{ name: string }>(ctx.em, { sql: 'DELETE FROM passkeys WHERE id = ? AND user_id = ? RETURNING name', values: [id, user.id] });
    if (!row) throw new PasskeyNotFoundError();
    await recordFactorChange(ctx, user, { kind: 'passkey_removed', name: row.name });
    return SecondFactorMessages.passkeyRemoved;
  },
};
