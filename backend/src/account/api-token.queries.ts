import type { Statement } from '../db/sql';

/** A token (without its hash) and its user, both whole, in one statement: every request signed with a token runs it (see viewer.ts). */
export function apiTokenWithUserStatement(tokenHash: string): Statement {
  return {
    sql: `SELECT to_jsonb(t) - 'token_hash' AS token, to_jsonb(u) AS "user" FROM api_tokens AS t JOIN users AS u ON u.id = t.user_id WHERE t.token_hash = ?`,
    values: [tokenHash],
  };
}

/**
 * The budget key of the token apiTokenWithUserStatement finds, `prefix` and
 * the token's id, as withBudgetRead takes it: only the token's row knows the id.
 */
export const apiTokenBudgetKey = (prefix: string): Statement => ({ sql: `? || (caller.token ->> 'id')`, values: [prefix] });

/**
 * Notes that tokens were used (a batch, see caller-usage.ts), at most once per
 * `intervalSeconds` each: the condition makes another instance's update of
 * the same token within the interval a no-op.
 */
export function touchApiTokensStatement(tokenIds: string[], intervalSeconds: number): Statement {
  return {
    sql: `UPDATE api_tokens SET last_used_at = now() WHERE id = ANY(?::uuid[]) AND (last_used_at IS NULL OR last_used_at <= now() - make_interval(secs => ?))`,
    values: [tokenIds, intervalSeconds],
  };
}

/** Revokes every working token of a user, saying why (a deactivation, a password reset or change). */
export function revokeApiTokensStatement(userId: string, reason: string): Statement {
  return {
    sql: `UPDATE api_tokens SET revoked_at = now(), revoked_reason = ? WHERE user_id = ? AND revoked_at IS NULL`,
    values: [reason, userId],
  };
}
