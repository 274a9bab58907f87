import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { MeQuery } from '@stockroom/schema/generated/graphql';
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

interface OfflineSchema extends DBSchema {
  accounts: { key: string; value: SavedAccount };
  products: { key: string; value: LocalProduct; indexes: { workspace: string } };
  productCopies: { key: string; value: ProductCopyState };
  /** The changes recorded offline, in the order they were made (the auto-incremented `seq`). */
  changes: { key: number; value: QueuedChange };
}

const DB_NAME = 'stockroom-offline';
const DB_VERSION = 1;

let opened: Promise<IDBPDatabase<OfflineSchema>> | undefined;

/** The app's IndexedDB database, opened (and created) on first use. */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('accounts', { keyPath: 'accountId' });
      db.createObjectStore('products', { keyPath: 'key' }).createIndex('workspace', 'workspace');
      db.createObjectStore('productCopies', { keyPath: 'workspace' });
      db.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true });
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
  const tx = db.transaction(['accounts', 'products', 'productCopies', 'changes'], 'readwrite');
  await Promise.all([tx.objectStore('accounts').clear(), tx.objectStore('products').clear(), tx.objectStore('productCopies').clear(), tx.objectStore('changes').clear(), tx.done]);
}
