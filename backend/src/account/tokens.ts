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

/** How many verified tokens are remembered; past this, the oldest is verified again on its next use. */
const VERIFIED_TOKENS_KEPT = 5_000;

/**
 * Tokens whose signature has been checked, with the key that checked them, their claims and expiry.
 * Every request of a session carries the same token, and checking it again would cost an
 * HMAC, two base64 decodes and two JSON parses each time; an exact copy of a token that
 * verified verifies again until it expires. Revocation is the session row's, read on every request.
 */
const verifiedTokens = new Map<string, { key: KeyObject; claims: AccessTokenClaims; expiresAtMs: number }>();

function rememberVerified(token: string, key: KeyObject, claims: AccessTokenClaims, expiresAtMs: number): void {
  if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) verifiedTokens.delete(verifiedTokens.keys().next().value as string);
  verifiedTokens.set(token, { key, claims, expiresAtMs });
}

export function verifyAccessToken(token: string, secret: string): TokenCheck {
  const key = keyFor(secret);
  const known = verifiedTokens.get(token);
  if (known && known.key === key && Date.now() < known.expiresAtMs) return { ok: true, claims: known.claims };
  verifiedTokens.delete(token);
  try {
    const payload = jwt.verify(token, key, { algorithms: [ALGORITHM] });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    const claims = { sub: payload.sub, sid: payload.sid };
    // jsonwebtoken refuses a token at its `exp` second; a token without one is checked each time.
    if (typeof payload.exp === 'number' && payload.nbf === undefined) rememberVerified(token, key, claims, payload.exp * 1000);
    return { ok: true, claims };
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
