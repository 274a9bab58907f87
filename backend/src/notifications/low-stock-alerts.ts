import { ActivityMessages, type LowStockEmailMode } from '@stockroom/schema';
import type { RequestSqlPool } from '../db/sql';
import type { MailOutbox } from '../mail/mail-outbox';
import { lowStockMail } from '../mail/templates';
import type { StockAlertKind } from './stock-alert.entity';
import { alertRecipientStatement, insertStockAlertStatement, liveProductsStatement, type AlertRecipientRow, type LiveProductRow } from './stock-alert.queries';

/** What the low-stock emails need to send: the database, the mail queue, and the app's address for links. */
export interface LowStockEmailDeps {
  sql: RequestSqlPool;
  mailer: MailOutbox;
  /** APP_URL: links in emails are built from it, never from a request. */
  appUrl: string;
}

/**
 * A crossing as the event outbox hands it on (`stock.low` or `stock.out`):
 * recorded once per crossing, in the transaction of the stock change, with
 * the product as that change left it. Only the fields used here are named.
 */
export interface StockCrossingEvent {
  id: string;
  type: string;
  /** The product's owner. */
  workspaceId: string;
  createdAt: string;
  data: { product: { id: string; name: string; quantity: number; reorderLevel: number | null } };
}

/** The event types the low-stock emails subscribe to. */
export const STOCK_CROSSING_EVENTS = ['stock.low', 'stock.out'] as const;

const KIND_OF_EVENT: Record<string, StockAlertKind> = { 'stock.low': 'LOW_STOCK', 'stock.out': 'OUT_OF_STOCK' };

/** The link to a product's page in the app. */
export const productLink = (appUrl: string, productId: string) => new URL(`/products/${encodeURIComponent(productId)}`, appUrl + '/').toString();

/** A crossing in a sentence, with the quantity and level it crossed at ('Lamp is running low: 2 left, reorder level 5'). */
export function crossingSentence(kind: StockAlertKind, name: string, quantity: number, reorderLevel: number | null): string {
  return kind === 'OUT_OF_STOCK' ? ActivityMessages.outOfStock(name) : ActivityMessages.runningLow(name, quantity, reorderLevel ?? quantity);
}

/** What the product holds now, when it moved on since the crossing (sold out meanwhile, or restocked). */
export function nowSentence(crossedAt: number, live: LiveProductRow): string | undefined {
  return live.quantity === crossedAt ? undefined : `Now: ${live.quantity} in stock${live.reorderLevel === null ? '' : `, reorder level ${live.reorderLevel}`}.`;
}

const modeOf = (recipient: AlertRecipientRow | undefined): LowStockEmailMode => (recipient?.lowStockEmails as LowStockEmailMode | null) ?? 'NEVER';

/**
 * Handles one crossing for its product's owner: NEVER (the default) does
 * nothing; DAILY_DIGEST keeps it for the next digest; IMMEDIATE queues one
 * email, unless the product has left the catalogue meanwhile (trashed or
 * purged: nothing to act on). The event's id is stored with the crossing in
 * the transaction that queues the email, so the same event handed over
 * again (a retried job) sends nothing more.
 */
export async function handleStockCrossing({ sql, mailer, appUrl }: LowStockEmailDeps, event: StockCrossingEvent): Promise<void> {
  const kind = KIND_OF_EVENT[event.type];
  if (!kind) return;
  const [recipient] = await sql.query<AlertRecipientRow>(alertRecipientStatement(event.workspaceId));
  const mode = modeOf(recipient);
  if (!recipient || mode === 'NEVER') return;
  const { product } = event.data;
  const alert = { eventId: event.id, workspaceId: event.workspaceId, productId: product.id, productName: product.name, kind, quantity: product.quantity, occurredAt: event.createdAt };
  if (mode === 'DAILY_DIGEST') {
    await sql.query(insertStockAlertStatement({ ...alert, sent: false }));
    return;
  }
  const [live] = await sql.query<LiveProductRow>(liveProductsStatement(event.workspaceId, [product.id]));
  if (!live) return;
  await sql.transaction(async (tx) => {
    const inserted = await tx.query(insertStockAlertStatement({ ...alert, sent: true }));
    if (inserted.length === 0) return;
    const sentence = crossingSentence(kind, live.name, product.quantity, product.reorderLevel);
    const subject = kind === 'OUT_OF_STOCK' ? `${live.name} is out of stock` : `${live.name} is running low`;
    const now = nowSentence(product.quantity, live);
    await mailer.send(lowStockMail(recipient.email, recipient.firstName, subject, now ? [now] : [], { text: sentence, link: productLink(appUrl, live.id) }));
  });
}
