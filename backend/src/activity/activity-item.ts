import { ActivityMessages, ImportMessages, PRODUCT_ACTIVITY_NAMES } from '@stockroom/schema';
import type { ActivityKind } from './activity.entity';
import type { ActivityRow, RecentActivityRow } from './activity.queries';

/** An activity entry as the dashboard shows it: title, description, icon and timestamp. */
export interface ActivityItemView {
  id: string;
  kind: ActivityKind;
  title: string;
  description: string;
  /** A Blueprint icon name. */
  icon: string;
  timestamp: Date;
  /** The product concerned, for a link; null for a deletion or when there is none. */
  productId: string | null;
  /** How many entries the item stands for: more than 1 only for sign-ins in a row, collapsed into one item. */
  count: number;
  /** When the oldest of those entries was written; `timestamp` is the newest. */
  since: Date;
}

/** How a changed product or profile field is named in a sentence. */
const FIELD_NAMES: Record<string, string> = {
  ...PRODUCT_ACTIVITY_NAMES,
  firstName: 'first name',
  lastName: 'last name',
  email: 'email address',
  avatar: 'avatar',
};

/** "price", "price and quantity", "name, price and quantity". */
function listOf(fields: unknown): string {
  const names = (Array.isArray(fields) ? fields : []).map((field) => FIELD_NAMES[String(field)] ?? String(field));
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const quoted = (name: string | null) => `“${name ?? 'a product'}”`;

/**
 * A stock change in words, by the reason the ledger recorded: a write-off is not a sale, nor a stocktake a
 * delivery. Entries from before the ledger carry no reason and read by the direction of the change.
 */
function stockChange(delta: number, quantity: number, reason: unknown, product: string): string {
  switch (reason ?? (delta < 0 ? 'SALE' : 'RECEIPT')) {
    case 'SALE':
      return `Sold ${-delta} of ${product}, ${quantity} left`;
    case 'DAMAGE':
      return `Wrote off ${-delta} of ${product} as damaged, ${quantity} left`;
    case 'RETURN':
      return `Took back ${delta} of ${product}, ${quantity} in stock`;
    case 'COUNT':
      return `Counted ${product}: ${quantity} in stock (${delta > 0 ? `+${delta}` : delta === 0 ? 'as expected' : delta})`;
    case 'CORRECTION':
      return `Corrected the stock of ${product} by ${delta > 0 ? `+${delta}` : delta}, ${quantity} in stock`;
    default:
      return `Received ${delta} of ${product}, ${quantity} in stock`;
  }
}

function describe(row: ActivityRow, count: number): Pick<ActivityItemView, 'title' | 'description' | 'icon'> {
  const { details } = row;
  switch (row.kind) {
    case 'account_created':
      return { title: 'Account created', description: 'Welcome to Stockroom', icon: 'new-person' };
    case 'signed_in':
      return count > 1
        ? { title: ActivityMessages.signedInTimes(count), description: `${count} new sessions were started`, icon: 'log-in' }
        : { title: 'Signed in', description: details.via === 'sso' ? `A new session was started with ${String(details.provider)}` : details.via === 'passkey' ? 'A new session was started with a passkey' : 'A new session was started', icon: 'log-in' };
    case 'product_created':
      return { title: 'Product created', description: `Added ${quoted(row.subject)} to your catalogue`, icon: 'add' };
    case 'product_updated': {
      // A barcode another product of the catalogue had first, cleared when barcodes became unique.
      if (typeof details.barcode === 'string') {
        return { title: 'Product updated', description: `Cleared the barcode ${details.barcode} of ${quoted(row.subject)}: ${quoted(String(details.keptOn))} has it`, icon: 'edit' };
      }
      const changed = listOf(details.fields);
      return { title: 'Product updated', description: `Changed the ${changed} of ${quoted(row.subject)}`, icon: 'edit' };
    }
    case 'product_deleted':
      return { title: 'Product deleted', description: `Removed ${quoted(row.subject)} from your catalogue`, icon: 'trash' };
    case 'product_restored':
      return { title: 'Product restored', description: `Brought ${quoted(row.subject)} back from the trash`, icon: 'undo' };
    case 'products_imported':
      return { title: ImportMessages.importedTitle, description: ImportMessages.imported(Number(details.created), Number(details.updated)), icon: 'import' };
    case 'stock_adjusted':
      return { title: 'Stock adjusted', description: stockChange(Number(details.delta), Number(details.quantity), details.reason, quoted(row.subject)), icon: 'exchange' };
    case 'stock_moved':
      return { title: 'Stock moved', description: `Moved ${Number(details.quantity)} of ${quoted(row.subject)} from ${details.from ?? 'a deleted place'} to ${details.to ?? 'a deleted place'}`, icon: 'swap-horizontal' };
    case 'stock_low':
      return {
        title: 'Running low',
        description: ActivityMessages.runningLow(row.subject ?? 'A product', Number(details.quantity), Number(details.reorderLevel)),
        icon: 'warning-sign',
      };
    case 'stock_out':
      return { title: 'Out of stock', description: ActivityMessages.outOfStock(row.subject ?? 'A product'), icon: 'ban-circle' };
    case 'profile_updated':
      return { title: 'Profile updated', description: `Changed your ${listOf(details.fields)}`, icon: 'person' };
    case 'sso_linked':
      return { title: 'Single sign-on linked', description: `You can sign in with ${String(details.provider)}`, icon: 'shield' };
    case 'sso_unlinked':
      return { title: 'Single sign-on unlinked', description: `Signing in with ${String(details.provider)} no longer opens this account`, icon: 'shield' };
    case 'password_changed':
      if (details.via === 'reset') return { title: 'Password changed', description: 'Reset with an emailed link; every session was signed out', icon: 'key' };
      if (details.via === 'set') return { title: 'Password set', description: 'You can sign in with your email and password too', icon: 'key' };
      return { title: 'Password changed', description: 'Your other sessions were signed out', icon: 'key' };
    case 'totp_enabled':
      return { title: 'Two-factor authentication on', description: 'Sign-in now asks for a code from your authenticator app', icon: 'shield' };
    case 'totp_disabled':
      return { title: 'Two-factor authentication off', description: 'Sign-in asks for your password only', icon: 'unlock' };
    case 'recovery_codes_created':
      return { title: 'New recovery codes', description: 'The earlier recovery codes no longer work', icon: 'key' };
    case 'passkey_added':
      return { title: 'Passkey added', description: `"${String(details.name)}" can sign you in`, icon: 'key' };
    case 'passkey_removed':
      return { title: 'Passkey removed', description: `"${String(details.name)}" no longer signs you in`, icon: 'unlock' };
    case 'second_factor_policy_changed':
      return details.required
        ? { title: 'Two-factor authentication required', description: 'Members now need a second factor to work in this workspace', icon: 'shield' }
        : { title: 'Two-factor authentication optional', description: 'Members without a second factor can work in this workspace again', icon: 'unlock' };
    case 'recovery_code_used':
      return {
        title: 'Recovery code used',
        description: `Signed in with a recovery code; ${Number(details.left)} ${Number(details.left) === 1 ? 'code is' : 'codes are'} left`,
        icon: 'warning-sign',
      };
  }
}

/** A dashboard item; its id is that of the newest entry it stands for. */
export function toActivityItem(row: RecentActivityRow): ActivityItemView {
  const linksToProduct = row.kind !== 'product_deleted' && row.subjectId !== null;
  return {
    id: row.id,
    kind: row.kind,
    ...describe(row, row.count),
    timestamp: new Date(row.createdAt),
    productId: linksToProduct ? row.subjectId : null,
    count: row.count,
    since: new Date(row.firstCreatedAt),
  };
}
