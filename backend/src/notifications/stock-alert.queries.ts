import type { Statement } from '../db/sql';
import type { StockAlertKind } from './stock-alert.entity';

/** What an email needs of a crossing's owner: who they are and how they want to hear. */
export interface AlertRecipientRow {
  email: string;
  firstName: string;
  lowStockEmails: string | null;
}

/**
 * The first owner of a product's workspace and the workspace's low-stock
 * email choice, if they are an active account with a confirmed address: a
 * changed, unconfirmed address may belong to someone else, who must not get
 * a shop's stock mail.
 */
export function alertRecipientStatement(workspaceId: string): Statement {
  return {
    sql: `SELECT u.email, u.first_name AS "firstName", s.low_stock_emails AS "lowStockEmails"
      FROM (SELECT user_id FROM workspace_members WHERE workspace_id = ? AND role = 'OWNER' ORDER BY joined_at, user_id LIMIT 1) AS m
      JOIN users u ON u.id = m.user_id LEFT JOIN notification_settings s ON s.workspace_id = ?
      WHERE u.status = 'Active' AND u.email_verified`,
    values: [workspaceId, workspaceId],
  };
}

export interface NewStockAlert {
  eventId: string;
  workspaceId: string;
  productId: string;
  productName: string;
  kind: StockAlertKind;
  quantity: number;
  occurredAt: string;
  /** Sent at once (IMMEDIATE) or left for the digest. */
  sent: boolean;
}

/** Keeps a crossing; returns its row only the first time its event is seen. */
export function insertStockAlertStatement(alert: NewStockAlert): Statement {
  return {
    sql: `INSERT INTO stock_alerts (id, event_id, workspace_id, product_id, product_name, kind, quantity, occurred_at, sent_at)
      VALUES (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? THEN now() END)
      ON CONFLICT (event_id) DO NOTHING RETURNING id`,
    values: [alert.eventId, alert.workspaceId, alert.productId, alert.productName, alert.kind, alert.quantity, alert.occurredAt, alert.sent],
  };
}

/**
 * A product as it stands now, if it is still in its owner's catalogue (not in
 * the trash, not purged): an email describes the product at send time. The
 * only read of products here, for background work that has no request to
 * ask the product service through.
 */
export interface LiveProductRow {
  id: string;
  name: string;
  quantity: number;
  reorderLevel: number | null;
}

export function liveProductsStatement(workspaceId: string, productIds: string[]): Statement {
  return {
    sql: `SELECT id, name, quantity, reorder_level AS "reorderLevel" FROM products WHERE workspace_id = ? AND id = ANY(?::uuid[]) AND deleted_at IS NULL`,
    values: [workspaceId, productIds],
  };
}

/** The users a digest may be due for: on DAILY_DIGEST with at least one crossing waiting. */
export interface DigestCandidateRow {
  workspaceId: string;
  digestHour: number;
  timeZone: string | null;
}

export function digestCandidatesStatement(): Statement {
  return {
    sql: `SELECT s.workspace_id AS "workspaceId", s.digest_hour AS "digestHour", s.time_zone AS "timeZone"
      FROM notification_settings s
      WHERE s.low_stock_emails = 'DAILY_DIGEST' AND EXISTS (SELECT 1 FROM stock_alerts a WHERE a.workspace_id = s.workspace_id AND a.sent_at IS NULL)`,
    values: [],
  };
}

/**
 * Claims today's digest of one user: succeeds (one row) only if no digest
 * was claimed in the last `minGapHours`, so of two runs at once (two
 * instances) or an hour that happens twice (clocks going back) only one sends.
 */
export function claimDigestStatement(workspaceId: string, now: Date, minGapHours: number): Statement {
  return {
    sql: `UPDATE notification_settings SET last_digest_at = ?
      WHERE workspace_id = ? AND low_stock_emails = 'DAILY_DIGEST' AND (last_digest_at IS NULL OR last_digest_at <= ?::timestamptz - make_interval(hours => ?))
      RETURNING workspace_id`,
    values: [now, workspaceId, now, minGapHours],
  };
}

export interface PendingAlertRow {
  productId: string;
  productName: string;
  kind: StockAlertKind;
  quantity: number;
  occurredAt: Date;
}

/** Marks every crossing waiting for a user's digest as sent and returns them, oldest first. */
export function takePendingAlertsStatement(workspaceId: string, now: Date): Statement {
  return {
    sql: `WITH taken AS (
        UPDATE stock_alerts SET sent_at = ? WHERE workspace_id = ? AND sent_at IS NULL
        RETURNING product_id, product_name, kind, quantity, occurred_at)
      SELECT product_id AS "productId", product_name AS "productName", kind, quantity, occurred_at AS "occurredAt" FROM taken ORDER BY occurred_at`,
    values: [now, workspaceId],
  };
}

/** Crossings a user will no longer get a digest of (they turned it off). */
export function dropPendingAlertsStatement(workspaceId: string): Statement {
  return { sql: `DELETE FROM stock_alerts WHERE workspace_id = ? AND sent_at IS NULL`, values: [workspaceId] };
}

/** Sent crossings are only kept to tell a repeated event from a new one: a week covers every retry. */
export function forgetSentAlertsStatement(now: Date): Statement {
  return { sql: `DELETE FROM stock_alerts WHERE sent_at < ?::timestamptz - interval '7 days'`, values: [now] };
}

/** A user's settings row with the defaults, unless they have one. */
export function ensureSettingsStatement(workspaceId: string): Statement {
  return { sql: `INSERT INTO notification_settings (workspace_id) VALUES (?) ON CONFLICT (workspace_id) DO NOTHING`, values: [workspaceId] };
}
