import type { Statement } from '../db/sql';
import type { ActivityKind } from './activity.entity';

/**
 * How a write that is not a product write (sign-in, profile, password) logs
 * its activity entry: in its own transaction, with `logActivityStatement`. A
 * product write's entries are written by the triggers on products
 * (db/triggers/product-history.sql), in the write's own transaction, so a
 * refused write logs nothing.
 */
export function logActivityStatement(userId: string, kind: ActivityKind, details: Record<string, unknown> = {}): Statement {
  return { sql: 'INSERT INTO activity_log (user_id, kind, details) VALUES (?, ?, ?::jsonb)', values: [userId, kind, JSON.stringify(details)] };
}
