import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { API_TOKEN_DISPLAY_LENGTH, API_TOKEN_PREFIX } from '@stockroom/schema';

/** Only HS256 is ever signed or accepted; `alg: none` and RS/HS confusion are refused. */
const ALGORITHM = 'HS256' as const;

/**
 * The secret as a KeyObject, made once per secret: given a string,
 * jsonwebtoken first tries to parse it as a PEM private key (and throws) on
 * every call, which costs more than the HMAC itself.
 */
const keys = new Map<string, KeyObject>();
const keyFor = (secret: string) => {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
};

export interface AccessTokenClaims {
  /** User id. */
  sub: string;
  /** Session id: revoking the session revokes the token. */
  sid: string;
}

export function signAccessToken(claims: AccessTokenClaims, secret: string, expiresAt: Date): string {
  return jwt.sign({ sid: claims.sid }, keyFor(secret), {
    algorithm: ALGORITHM,
    subject: claims.sub,
    expiresIn: Math.floor((expiresAt.getTime() - Date.now()) / 1000),
  });
}

export type TokenCheck = { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export function verifyAccessToken(token: string, secret: string): TokenCheck {
  try {
    const payload = jwt.verify(token, keyFor(secret), { algorithms: [ALGORITHM] });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { sub: payload.sub, sid: payload.sid } };
  } catch (error) {
    return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
}

/** 32 random bytes for an emailed link; only the SHA-256 of it is stored. */
export function createOneTimeSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeSecret(token) };
}

export const hashOneTimeSecret = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new personal access token: `stk_` and 32 random bytes (base64url), and
 * the hash that is stored instead. SHA-256, not argon2: a password is weak
 * and needs a slow hash against guessing, while these 256 random bits cannot
 * be guessed however fast each guess is, and every request signed with a
 * token looks it up by this hash, which a slow hash would make expensive.
 */
export function createApiTokenSecret(): { token: string; hash: string; prefix: string } {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashApiToken(token), prefix: token.slice(0, API_TOKEN_DISPLAY_LENGTH) };
}

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');
