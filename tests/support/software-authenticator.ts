import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for tests: ES256 keys made with
 * node:crypto, the authenticator data and attestation ('none') a platform
 * authenticator sends, encoded with the CBOR encoder @simplewebauthn/server
 * ships. It answers options the way a browser would for `origin`; each
 * answer can be bent (another origin or relying party, a forged signature,
 * a replayed counter) to test what the server refuses.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

export interface StoredCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

/** How to bend one answer. */
export interface Bend {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
  /** Sign with another key than the credential's. */
  forgeSignature?: boolean;
  /** The counter to report (default: one more than the last). */
  counter?: number;
  /** Say the holder was not checked (no PIN or fingerprint). */
  notVerified?: boolean;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(readonly origin: string) {}

  private authData(rpId: string, counter: number, verified: boolean, attested?: Buffer): Buffer {
    const flags = 0x01 | (verified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers registration options: a new discoverable credential, kept here; the RegistrationResponseJSON a browser sends. */
  create(options: CreationOptions, bend: Bend = {}) {
    const rpId = bend.rpId ?? options.rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const idBytes = randomBytes(32);
    const id = b64url(idBytes);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(idBytes.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, idBytes, Buffer.from(cose)]);
    const authData = this.authData(rpId, 0, !bend.notVerified, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const credential: StoredCredential = { id, privateKey, userHandle: options.user.id, rpId, counter: 0 };
    this.credentials.push(credential);
    const clientDataJSON = this.clientData(bend.type ?? 'webauthn.create', bend.challenge ?? options.challenge, bend.origin ?? this.origin);
    return {
      credential,
      response: {
        id,
        rawId: id,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      },
    };
  }

  /** Answers authentication options with `credential` (default: the first allowed one, or the first kept); the AuthenticationResponseJSON a browser sends. */
  get(options: RequestOptions, credential?: StoredCredential, bend: Bend = {}) {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const chosen = credential ?? this.credentials.find((c) => !allowed.length || allowed.includes(c.id)) ?? this.credentials[0];
    const counter = bend.counter ?? chosen.counter + 1;
    chosen.counter = Math.max(chosen.counter, counter);
    const authData = this.authData(bend.rpId ?? options.rpId ?? chosen.rpId, counter, !bend.notVerified);
    const clientDataJSON = this.clientData(bend.type ?? 'webauthn.get', bend.challenge ?? options.challenge, bend.origin ?? this.origin);
    const key = bend.forgeSignature ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey : chosen.privateKey;
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key);
    return {
      id: chosen.id,
      rawId: chosen.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: chosen.userHandle },
    };
  }
}
