import type { Statement } from '../db/sql';

/** A token (without its hash) and its user, both whole, in one statement: every request signed with a token runs it (see viewer.ts). */
export function apiTokenWithUserStatement(tokenHash: string): Statement {
  return {
    sql: `SELECT to_jsonb(t) - 'token_hash' AS token, to_jsonb(u) AS "user" FROM api_tokens AS t JOIN users AS u ON u.id = t.user_id WHERE t.token_hash = ?`,
    values: [tokenHash],
  };
}

/**
 * Notes that a token was used, at most once a minute: the condition makes a
 * second instance's (or a concurrent request's) update a no-op, and callers
 * only send it when the row they read is a minute old.
 */
export function touchApiTokenStatement(tokenId: string, intervalSeconds: number): Statement {
  return {
    sql: `UPDATE api_tokens SET last_used_at = now() WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= now() - make_interval(secs => ?))`,
    values: [tokenId, intervalSeconds],
  };
}

/** Revokes every working token of a user, saying why (a deactivation, a password reset or change). */
export function revokeApiTokensStatement(userId: string, reason: string): Statement {
  return {
    sql: `UPDATE api_tokens SET revoked_at = now(), revoked_reason = ? WHERE user_id = ? AND revoked_at IS NULL`,
    values: [reason, userId],
  };
}
