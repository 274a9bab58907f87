import { WEBHOOK_DELIVERY_LOG_LENGTH } from '@stockroom/schema';
import type { Statement } from '../db/sql';

/** The webhook creations of one workspace take turns until the transaction ends, so the count each makes first is exact. */
export function lockWorkspaceWebhooksStatement(workspaceId: string): Statement {
  return { sql: `SELECT pg_advisory_xact_lock(hashtextextended('webhooks:' || ?, 0))`, values: [workspaceId] };
}

/** A webhook as a delivery needs it. */
export interface DeliveryTargetRow {
  id: string;
  url: string;
  secret: string;
  enabled: boolean;
  email: string;
  firstName: string;
}

/** A webhook and whom to tell about it: its workspace's first owner. */
export function deliveryTargetStatement(webhookId: string): Statement {
  return {
    sql: `SELECT w.id, w.url, w.secret, w.enabled, u.email, u.first_name AS "firstName" FROM webhooks w
      JOIN LATERAL (SELECT u.email, u.first_name FROM workspace_members m JOIN users u ON u.id = m.user_id
        WHERE m.workspace_id = w.workspace_id AND m.role = 'OWNER' ORDER BY m.joined_at, m.user_id LIMIT 1) u ON true
      WHERE w.id = ?`,
    values: [webhookId],
  };
}

/** The workspace's webhooks that are on and subscribe to `type`. */
export function subscribedWebhooksStatement(workspaceId: string, type: string): Statement {
  return { sql: 'SELECT id FROM webhooks WHERE workspace_id = ? AND enabled AND ? = ANY(events)', values: [workspaceId, type] };
}

/** The events each of these workspaces' enabled webhooks subscribe to. */
export function webhookSubscriptionsStatement(workspaceIds: string[]): Statement {
  return { sql: 'SELECT workspace_id AS "workspaceId", events FROM webhooks WHERE enabled AND workspace_id = ANY(?::uuid[])', values: [workspaceIds] };
}

/** How many attempts a delivery has had so far. */
export function attemptsStatement(deliveryId: string): Statement {
  return { sql: 'SELECT count(*)::int AS attempts FROM webhook_deliveries WHERE delivery_id = ?', values: [deliveryId] };
}

export interface DeliveryLogEntry {
  webhookId: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  body: string;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Logs one attempt and drops what falls off the end of the webhook's log, in one statement. */
export function logDeliveryStatement(entry: DeliveryLogEntry): Statement {
  return {
    sql: `WITH logged AS (
        INSERT INTO webhook_deliveries (id, webhook_id, delivery_id, event_id, event_type, body, attempt, status_code, error, duration_ms, created_at)
        VALUES (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, ?, clock_timestamp()) RETURNING id)
      DELETE FROM webhook_deliveries WHERE webhook_id = ? AND id IN (
        SELECT id FROM webhook_deliveries WHERE webhook_id = ? ORDER BY created_at DESC, id DESC OFFSET ?)`,
    values: [
      entry.webhookId,
      entry.deliveryId,
      entry.eventId,
      entry.eventType,
      entry.body,
      entry.attempt,
      entry.statusCode,
      entry.error,
      entry.durationMs,
      entry.webhookId,
      entry.webhookId,
      // The statement sees the log as it was before this attempt: keep one fewer of those.
      WEBHOOK_DELIVERY_LOG_LENGTH - 1,
    ],
  };
}

/** A success ends a run of failures. */
export function markSucceededStatement(webhookId: string): Statement {
  return { sql: 'UPDATE webhooks SET failing_since = NULL WHERE id = ? AND failing_since IS NOT NULL', values: [webhookId] };
}

/** A failure starts a run of failures, or continues it; answers since when. */
export function markFailedStatement(webhookId: string): Statement {
  return { sql: 'UPDATE webhooks SET failing_since = coalesce(failing_since, now()) WHERE id = ? RETURNING failing_since AS "failingSince"', values: [webhookId] };
}

/** Turns a webhook off for failing; answers a row only to the one delivery that turned it off, so its owner is told once. */
export function disableFailingStatement(webhookId: string, reason: string): Statement {
  return { sql: 'UPDATE webhooks SET enabled = false, disabled_reason = ?, updated_at = now() WHERE id = ? AND enabled RETURNING id', values: [reason, webhookId] };
}
