import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { MeQuery, StockCountDetailsQuery, StockCountListQuery, StockCountScopeOptionsQuery } from '@stockroom/schema/generated/graphql';
import type { QueuedChange } from './change-queue-model';

/** A product as the local copy keeps it: what finding it and recording stock offline need. */
export interface LocalProduct {
  /** `<workspace>:<product id>`: one copy per workspace. */
  key: string;
  workspace: string;
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  category: string;
  quantity: number;
  /** Lower-cased name, SKU and barcode, for the search. */
  text: string;
}

/** The last signed-in account as the server last described it (the session's Me answer), per account. */
export interface SavedAccount {
  accountId: string;
  me: MeQuery;
  savedAt: number;
}

/** When a workspace's local copy of products was last refreshed. */
export interface ProductCopyState {
  workspace: string;
  syncedAt: number;
  count: number;
  /** True when the workspace had more products than the copy keeps. */
  truncated: boolean;
}

/** One place's stock of a product as a read of the server gave it: the quantity and the newest movement there. */
export interface KnownLevel {
  locationId: string;
  /** null: the read did not give it (a blind count's stock, read by a counter). */
  quantity: number | null;
  ledgerPosition: string;
  /** The place's path as the read named it (a product page's read names its places); absent: the read gave ids only. */
  path?: string;
}

/**
 * A product's stock as this device last read it from the server, whole (every place holding some; a
 * place not listed held none): what a count line recorded offline names as its ledger position.
 */
export interface KnownStock {
  /** `<account>:<workspace>:<product id>`, as the product copy's keys. */
  key: string;
  workspace: string;
  productId: string;
  levels: KnownLevel[];
  /**
   * The places the read covered (a count's scope: its location and the ones below it); a place
   * outside them is unknown, not empty. Absent or null: every place (a product's own stock answer).
   */
  places?: string[] | null;
  /** When the read that gave these levels was sent (the device's clock): a later read is newer knowledge. */
  askedAt: number;
}

/** A stock count as the server last described it to this device (its details and the places it may name), to open offline. */
export interface KeptStockCount {
  /** `<account>:<workspace>:<count id>`. */
  key: string;
  workspace: string;
  details: StockCountDetailsQuery;
  /** The workspace's locations (the count's places are its location and those below it); null when never read. */
  locations: StockCountScopeOptionsQuery['locations'] | null;
  savedAt: number;
}

/** A page of the stock counts list as the server last answered it to this device, to open offline. */
export interface KeptStockCountList {
  /** `<account>:<workspace>:<page>`. */
  key: string;
  workspace: string;
  page: number;
  list: StockCountListQuery['stockCounts'];
  savedAt: number;
}

interface OfflineSchema extends DBSchema {
  accounts: { key: string; value: SavedAccount };
  products: { key: string; value: LocalProduct; indexes: { workspace: string } };
  productCopies: { key: string; value: ProductCopyState };
  /** The changes recorded offline, in the order they were made (the auto-incremented `seq`). */
  changes: { key: number; value: QueuedChange };
  knownStock: { key: string; value: KnownStock; indexes: { workspace: string } };
  stockCounts: { key: string; value: KeptStockCount; indexes: { workspace: string } };
  stockCountLists: { key: string; value: KeptStockCountList };
}

const DB_NAME = 'stockroom-offline';
const DB_VERSION = 3;

let opened: Promise<IDBPDatabase<OfflineSchema>> | undefined;

/** The app's IndexedDB database, opened (and created) on first use. */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('accounts', { keyPath: 'accountId' });
        db.createObjectStore('products', { keyPath: 'key' }).createIndex('workspace', 'workspace');
        db.createObjectStore('productCopies', { keyPath: 'workspace' });
        db.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true });
      }
      if (oldVersion < 2) {
        db.createObjectStore('knownStock', { keyPath: 'key' }).createIndex('workspace', 'workspace');
        db.createObjectStore('stockCounts', { keyPath: 'key' }).createIndex('workspace', 'workspace');
      }
      if (oldVersion < 3) db.createObjectStore('stockCountLists', { keyPath: 'key' });
    },
  });
  return opened;
}

/**
 * Whether signing out may clear the device's offline data: yes when no change waits to be sent or
 * needs attention, else when the person says so (the changes would be lost).
 */
export async function mayClearOfflineData(): Promise<boolean> {
  const unsent = (await (await offlineDb()).getAll('changes').catch(() => [])).filter((change) => change.state !== 'done').length;
  if (unsent === 0) return true;
  const changes = unsent === 1 ? '1 change recorded on this device has' : `${unsent} changes recorded on this device have`;
  return window.confirm(`${changes} not reached the server yet. Signing out deletes them. Sign out anyway?`);
}

/** Sign-out: nothing of the account stays on the device, neither its copies nor its waiting changes. */
export async function clearOfflineData(): Promise<void> {
  const db = await offlineDb();
  const stores = ['accounts', 'products', 'productCopies', 'changes', 'knownStock', 'stockCounts', 'stockCountLists'] as const;
  const tx = db.transaction(stores, 'readwrite');
  await Promise.all([...stores.map((store) => tx.objectStore(store).clear()), tx.done]);
}
