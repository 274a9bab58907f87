import { localHourOf, NOTIFICATION_DEFAULTS } from '@stockroom/schema';
import { log } from '../common/log';
import type { QueueDefinition } from '../jobs/job-queue';
import { lowStockDigestMail, type StockAlertLine } from '../mail/templates';
import { crossingSentence, nowSentence, productLink, type LowStockEmailDeps } from './low-stock-alerts';
import {
  alertRecipientStatement,
  claimDigestStatement,
  digestCandidatesStatement,
  forgetSentAlertsStatement,
  liveProductsStatement,
  takePendingAlertsStatement,
  type AlertRecipientRow,
  type DigestCandidateRow,
  type LiveProductRow,
  type PendingAlertRow,
} from './stock-alert.queries';

export const LOW_STOCK_DIGEST_QUEUE = 'low-stock-digest';

/** At the start of every hour (UTC): each hour is some user's digest hour somewhere. */
export const LOW_STOCK_DIGEST_CRON = '0 * * * *';

/**
 * Two digests of one user at least this far apart: a second run of the same
 * hour (an hour that happens twice when clocks go back) finds the first one's
 * claim and sends nothing. A user who moves their hour later the same day may
 * get a second digest, holding only what crossed since the first.
 */
const MIN_HOURS_BETWEEN_DIGESTS = 2;

/**
 * The lines of one digest: one per product, its latest crossing (a product
 * that ran low and then out is out), as it stands now. Products that left
 * the catalogue since (trashed or purged) are left out.
 */
function digestLines(appUrl: string, alerts: PendingAlertRow[], live: LiveProductRow[]): StockAlertLine[] {
  const latest = new Map<string, PendingAlertRow>();
  for (const alert of alerts) latest.set(alert.productId, alert);
  const liveById = new Map(live.map((product) => [product.id, product]));
  return [...latest.values()].flatMap((alert) => {
    const product = liveById.get(alert.productId);
    if (!product) return [];
    const now = nowSentence(alert.quantity, product);
    const text = crossingSentence(alert.kind, product.name, alert.quantity, product.reorderLevel) + (now ? ` (${now.replace(/\.$/, '')})` : '');
    return [{ text, link: productLink(appUrl, product.id) }];
  });
}

/** Claims and sends one user's digest in one transaction: the claim, the crossings taken, and the queued email commit together. */
async function sendDigest({ sql, mailer, appUrl }: LowStockEmailDeps, workspaceId: string, now: Date): Promise<void> {
  await sql.transaction(async (tx) => {
    const claimed = await tx.query(claimDigestStatement(workspaceId, now, MIN_HOURS_BETWEEN_DIGESTS));
    if (claimed.length === 0) return;
    const alerts = await tx.query<PendingAlertRow>(takePendingAlertsStatement(workspaceId, now));
    const [recipient] = await tx.query<AlertRecipientRow>(alertRecipientStatement(workspaceId));
    if (!recipient || alerts.length === 0) return;
    const live = await tx.query<LiveProductRow>(liveProductsStatement(workspaceId, [...new Set(alerts.map((alert) => alert.productId))]));
    const lines = digestLines(appUrl, alerts, live);
    if (lines.length) await mailer.send(lowStockDigestMail(recipient.email, recipient.firstName, lines));
  });
}

/**
 * Sends the digest of every user whose chosen local hour it is at `now` and
 * who has crossings waiting (nobody gets an empty digest). Each digest is
 * sent once however many runs overlap: see claimDigestStatement. A digest
 * missed (every instance down that hour, or an hour skipped when clocks go
 * forward) is not lost: its crossings wait for the next day's.
 */
export async function sendDueDigests(deps: LowStockEmailDeps, now: Date): Promise<void> {
  await deps.sql.query(forgetSentAlertsStatement(now));
  const candidates = await deps.sql.query<DigestCandidateRow>(digestCandidatesStatement());
  for (const candidate of candidates) {
    try {
      if (localHourOf(now, candidate.timeZone ?? NOTIFICATION_DEFAULTS.timeZone) !== candidate.digestHour) continue;
      await sendDigest(deps, candidate.workspaceId, now);
    } catch (error) {
      // One user's failure (a zone this runtime no longer knows, say) must not hold up everyone else's digest.
      log.error({ err: error, workspaceId: candidate.workspaceId }, '[notifications] a low-stock digest could not be sent');
    }
  }
}

/** The hourly digest run: one job per hour across all instances; a failed run is retried within the hour. */
export function lowStockDigestQueue(deps: LowStockEmailDeps): QueueDefinition {
  return {
    name: LOW_STOCK_DIGEST_QUEUE,
    cron: LOW_STOCK_DIGEST_CRON,
    retry: { retryLimit: 3, retryDelaySeconds: 60 },
    handler: () => sendDueDigests(deps, new Date()),
  };
}
