import type { Statement } from '../db/sql';
import type { StockAlertKind } from './stock-alert.entity';

/** What an email needs of a crossing's owner: who they are and how they want to hear. */
export interface AlertRecipientRow {
  email: string;
  firstName: string;
  lowStockEmails: string | null;
}

/**
 * The owner of a product and their low-stock email choice, if they are an
 * active account with a confirmed address: a changed, unconfirmed address may
 * belong to someone else, who must not get a shop's stock mail.
 */
export function alertRecipientStatement(userId: string): Statement {
  return {
    sql: `SELECT u.email, u.first_name AS "firstName", s.low_stock_emails AS "lowStockEmails"
      FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id
      WHERE u.id = ? AND u.status = 'Active' AND u.email_verified`,
    values: [userId],
  };
}

export interface NewStockAlert {
  eventId: string;
  userId: string;
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
    sql: `INSERT INTO stock_alerts (id, event_id, user_id, product_id, product_name, kind, quantity, occurred_at, sent_at)
      VALUES (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? THEN now() END)
      ON CONFLICT (event_id) DO NOTHING RETURNING id`,
    values: [alert.eventId, alert.userId, alert.productId, alert.productName, alert.kind, alert.quantity, alert.occurredAt, alert.sent],
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

export function liveProductsStatement(userId: string, productIds: string[]): Statement {
  return {
    sql: `SELECT id, name, quantity, reorder_level AS "reorderLevel" FROM products WHERE owner_id = ? AND id = ANY(?::uuid[]) AND deleted_at IS NULL`,
    values: [userId, productIds],
  };
}

/** The users a digest may be due for: on DAILY_DIGEST with at least one crossing waiting. */
export interface DigestCandidateRow {
  userId: string;
  digestHour: number;
  timeZone: string | null;
}

export function digestCandidatesStatement(): Statement {
  return {
    sql: `SELECT s.user_id AS "userId", s.digest_hour AS "digestHour", s.time_zone AS "timeZone"
      FROM notification_settings s
      WHERE s.low_stock_emails = 'DAILY_DIGEST' AND EXISTS (SELECT 1 FROM stock_alerts a WHERE a.user_id = s.user_id AND a.sent_at IS NULL)`,
    values: [],
  };
}

/**
 * Claims today's digest of one user: succeeds (one row) only if no digest
 * was claimed in the last `minGapHours`, so of two runs at once (two
 * instances) or an hour that happens twice (clocks going back) only one sends.
 */
export function claimDigestStatement(userId: string, now: Date, minGapHours: number): Statement {
  return {
    sql: `UPDATE notification_settings SET last_digest_at = ?
      WHERE user_id = ? AND low_stock_emails = 'DAILY_DIGEST' AND (last_digest_at IS NULL OR last_digest_at <= ?::timestamptz - make_interval(hours => ?))
      RETURNING user_id`,
    values: [now, userId, now, minGapHours],
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
export function takePendingAlertsStatement(userId: string, now: Date): Statement {
  return {
    sql: `WITH taken AS (
        UPDATE stock_alerts SET sent_at = ? WHERE user_id = ? AND sent_at IS NULL
        RETURNING product_id, product_name, kind, quantity, occurred_at)
      SELECT product_id AS "productId", product_name AS "productName", kind, quantity, occurred_at AS "occurredAt" FROM taken ORDER BY occurred_at`,
    values: [now, userId],
  };
}

/** Crossings a user will no longer get a digest of (they turned it off). */
export function dropPendingAlertsStatement(userId: string): Statement {
  return { sql: `DELETE FROM stock_alerts WHERE user_id = ? AND sent_at IS NULL`, values: [userId] };
}

/** Sent crossings are only kept to tell a repeated event from a new one: a week covers every retry. */
export function forgetSentAlertsStatement(now: Date): Statement {
  return { sql: `DELETE FROM stock_alerts WHERE sent_at < ?::timestamptz - interval '7 days'`, values: [now] };
}

/** A user's settings row with the defaults, unless they have one. */
export function ensureSettingsStatement(userId: string): Statement {
  return { sql: `INSERT INTO notification_settings (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING`, values: [userId] };
}
