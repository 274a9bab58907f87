import type { Statement } from '../db/sql';

/** The SQL of idempotency keys: one row per caller, workspace and key, written in the transaction of the write it keys. */

/** The row's key: the workspace, the caller and the key they sent. */
const KEY = 'workspace_id = ? AND user_id = ? AND key = ?';

/**
 * Claims a key for a request: a new key is inserted, one older than the
 * retention is taken over as new; one row back means the caller may write.
 * A key another transaction has claimed and not yet committed makes this
 * statement wait on the key's unique index until that transaction ends
 * (committed: no row back, the key is answered; rolled back: claimed here),
 * so two requests with one key never both write.
 */
export function claimKeyStatement(workspaceId: string, userId: string, key: string, requestHash: string, retentionHours: number): Statement {
  return {
    sql: `INSERT INTO idempotency_keys (workspace_id, user_id, key, request_hash) VALUES (?, ?, ?, ?)
      ON CONFLICT (workspace_id, user_id, key) DO UPDATE SET request_hash = excluded.request_hash, answer = NULL, created_at = now()
        WHERE idempotency_keys.created_at < now() - make_interval(hours => ?)
      RETURNING true AS claimed`,
    values: [workspaceId, userId, key, requestHash, retentionHours],
  };
}

/** What a key was used for: the request's hash and its answer. */
export function keyedAnswerStatement(workspaceId: string, userId: string, key: string): Statement {
  return { sql: `SELECT request_hash AS "requestHash", answer FROM idempotency_keys WHERE ${KEY}`, values: [workspaceId, userId, key] };
}

/** Keeps the answer beside the key, in the write's transaction. */
export function saveAnswerStatement(workspaceId: string, userId: string, key: string, answer: string): Statement {
  return { sql: `UPDATE idempotency_keys SET answer = ? WHERE ${KEY}`, values: [answer, workspaceId, userId, key] };
}

/** Removes up to `batch` keys older than `retentionHours`, in every workspace; answers how many. */
export function purgeExpiredKeysStatement(retentionHours: number, batch: number): Statement {
  return {
    sql: `WITH gone AS (
        DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ?) LIMIT ?)
        RETURNING 1)
      SELECT count(*)::int AS purged FROM gone`,
    values: [retentionHours, batch],
  };
}
