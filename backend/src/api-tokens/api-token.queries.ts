import type { Statement } from '../db/sql';

/**
 * Makes the token creations of one account take turns until the transaction
 * ends, so the count each one makes first is exact. An advisory lock, not a
 * lock on the user's row, so a profile edit never waits for it.
 */
export function lockUserTokensStatement(userId: string): Statement {
  return { sql: `SELECT pg_advisory_xact_lock(hashtextextended('api_tokens:' || ?, 0))`, values: [userId] };
}
