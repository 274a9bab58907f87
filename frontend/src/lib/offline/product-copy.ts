import { PAGINATION } from '@stockroom/schema';
import { readBrowserToken } from '../session/storage';
import { restHeaders } from '../workspace/workspace-headers';
import { accountIdOf, readChosenWorkspace } from '../workspace/workspace-storage';
import { offlineDb, type LocalProduct } from './offline-db';
import { matchProducts, searchTextOf } from './product-copy-model';

/**
 * The local copy of a workspace's products: what finding a product (by name, SKU or barcode) and
 * recording its stock need, refreshed from GET /api/products while online, read when offline.
 */

/** The most pages of PAGINATION.maxLimit products a refresh reads: the copy holds at most 5,000 products a workspace. */
const MAX_PAGES = 50;
/** A copy younger than this is not refreshed again (the app asks on every start and every return of the network). */
const FRESH_FOR_MS = 10 * 60 * 1000;

/** The copy a workspace's products live under: per account (one device, several accounts) and workspace. */
const copyKeyOf = (accountId: string, workspaceId: string | null) => `${accountId}:${workspaceId ?? 'personal'}`;

/** The key of the signed-in account's copy of a workspace (the chosen one by default); null when signed out. */
export function currentCopyKey(workspaceId: string | null = readChosenWorkspace()): string | null {
  const accountId = accountIdOf(readBrowserToken());
  return accountId ? copyKeyOf(accountId, workspaceId) : null;
}

interface ListedProduct {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  category: string;
  quantity: number;
}

/** One page of the workspace's products from the REST API. */
async function productPage(page: number, workspaceId: string | null, token: string): Promise<{ products: ListedProduct[]; totalPages: number }> {
  const response = await fetch(`/api/products?page=${page}&limit=${PAGINATION.maxLimit}&sortBy=name&sortOrder=asc`, {
    headers: restHeaders(token, { workspaceId }),
  });
  if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`);
  const body = (await response.json()) as { products: ListedProduct[]; pagination: { totalPages: number } };
  return { products: body.products, totalPages: body.pagination.totalPages };
}

/**
 * Refreshes the chosen workspace's copy from the server (unless it is fresh, or `force`). The copy is
 * replaced whole once every page has come, so a refresh cut short leaves the previous copy.
 */
export async function refreshProductCopy({ force = false } = {}): Promise<void> {
  const token = readBrowserToken();
  const workspaceId = readChosenWorkspace();
  const key = currentCopyKey(workspaceId);
  if (!token || !key) return;
  const db = await offlineDb();
  const state = await db.get('productCopies', key);
  if (!force && state && Date.now() - state.syncedAt < FRESH_FOR_MS) return;
  const listed: ListedProduct[] = [];
  let totalPages = 1;
  for (let page = 1; page <= Math.min(totalPages, MAX_PAGES); page += 1) {
    const answer = await productPage(page, workspaceId, token);
    listed.push(...answer.products);
    totalPages = answer.totalPages;
  }
  const tx = db.transaction(['products', 'productCopies'], 'readwrite');
  const products = tx.objectStore('products');
  for (const oldKey of await products.index('workspace').getAllKeys(key)) void products.delete(oldKey);
  for (const product of listed) {
    const { id, name, sku, barcode, category, quantity } = product;
    void products.put({ key: `${key}:${id}`, workspace: key, id, name, sku, barcode, category, quantity, text: searchTextOf(product) });
  }
  void tx.objectStore('productCopies').put({ workspace: key, syncedAt: Date.now(), count: listed.length, truncated: totalPages > MAX_PAGES });
  await tx.done;
  for (const listener of copyListeners) listener();
}

const copyListeners = new Set<() => void>();

/** Calls back after each refresh of the copy (in this tab); returns the unsubscribe. */
export function onProductCopyRefreshed(listener: () => void): () => void {
  copyListeners.add(listener);
  return () => copyListeners.delete(listener);
}

/** The copy's products of the chosen workspace. */
async function localProducts(): Promise<LocalProduct[]> {
  const key = currentCopyKey();
  if (!key) return [];
  return (await offlineDb()).getAllFromIndex('products', 'workspace', key);
}

/**
 * Products of the copy whose name, SKU or barcode holds the text (any case), an exact SKU or
 * barcode first, then by name; at most `limit`. No text finds nothing.
 */
export async function searchLocalProducts(text: string, limit: number): Promise<LocalProduct[]> {
  if (text.trim() === '') return [];
  return matchProducts(await localProducts(), text).slice(0, limit);
}

/** Every product of the chosen workspace's copy, by name (the product list offline narrows them with matchProducts). */
export async function listLocalProducts(): Promise<LocalProduct[]> {
  return matchProducts(await localProducts(), '');
}

/** One product of the copy, by id, in the chosen workspace (or the one named). */
export async function findLocalProduct(id: string, workspaceId: string | null = readChosenWorkspace()): Promise<LocalProduct | null> {
  const key = currentCopyKey(workspaceId);
  if (!key) return null;
  return (await (await offlineDb()).get('products', `${key}:${id}`)) ?? null;
}

/** Changes the copy's quantity of a product (a change recorded offline shows on it until the next refresh). */
export async function adjustLocalQuantity(id: string, workspaceId: string | null, next: (quantity: number) => number): Promise<void> {
  const product = await findLocalProduct(id, workspaceId);
  if (product) await (await offlineDb()).put('products', { ...product, quantity: next(product.quantity) });
}

/** How the chosen workspace's copy stands: how many products, refreshed when; null before its first refresh. */
export async function productCopyState(): Promise<{ count: number; syncedAt: number; truncated: boolean } | null> {
  const key = currentCopyKey();
  if (!key) return null;
  return (await (await offlineDb()).get('productCopies', key)) ?? null;
}

/** The one product of the copy whose SKU (any case) or barcode is exactly the code; null for none or several. */
export async function findLocalProductByCode(code: string): Promise<LocalProduct | null> {
  const needle = code.trim().toLocaleLowerCase();
  if (needle === '') return null;
  const matches = (await localProducts()).filter((product) => product.sku?.toLocaleLowerCase() === needle || product.barcode?.toLocaleLowerCase() === needle);
  return matches.length === 1 ? matches[0] : null;
}
