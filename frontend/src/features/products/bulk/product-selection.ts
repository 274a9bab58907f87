import { BULK_MAX_IDS } from '@stockroom/schema';
import type { ProductSelectionInput } from '@stockroom/schema/generated/graphql';
import type { ProductRecord } from '../shared/product-cache';
import { toListQuery, type ProductListParams } from '../shared/product-list-params';

/**
 * What the list has selected for a bulk action: products picked one by one (kept with
 * their values, for the labels and the counts, across pages), or every product the
 * list's filters match, which the server decides when the action runs.
 */
export type ProductSelection =
  | { kind: 'picked'; products: ReadonlyMap<string, ProductRecord> }
  | { kind: 'matching'; total: number; totalIsEstimate: boolean };

export const NOTHING_SELECTED: ProductSelection = { kind: 'picked', products: new Map() };

export function isSelected(selection: ProductSelection, id: string): boolean {
  return selection.kind === 'matching' || selection.products.has(id);
}

/** How many products the selection holds (for "matching", the list's total). */
export function selectedCount(selection: ProductSelection): number {
  return selection.kind === 'matching' ? selection.total : selection.products.size;
}

/** The products picked one by one, in the order they were picked; none for "matching". */
export function pickedProducts(selection: ProductSelection): ProductRecord[] {
  return selection.kind === 'picked' ? [...selection.products.values()] : [];
}

/** One product's checkbox. Unticking one of "every matching product" leaves the others on the page picked. */
export function toggleProduct(selection: ProductSelection, product: ProductRecord, page: readonly ProductRecord[]): ProductSelection {
  if (selection.kind === 'matching') {
    return { kind: 'picked', products: new Map(page.filter((other) => other.id !== product.id).map((other) => [other.id, other])) };
  }
  const products = new Map(selection.products);
  if (products.has(product.id)) products.delete(product.id);
  else products.set(product.id, product);
  return { kind: 'picked', products };
}

/** How much of the shown page is selected: the page checkbox's state. */
export function pageSelectionState(selection: ProductSelection, page: readonly ProductRecord[]): 'all' | 'some' | 'none' {
  const picked = page.filter((product) => isSelected(selection, product.id)).length;
  return page.length > 0 && picked === page.length ? 'all' : picked > 0 ? 'some' : 'none';
}

/** The page checkbox: picks the whole page, or unpicks it when it is all picked already. */
export function togglePage(selection: ProductSelection, page: readonly ProductRecord[]): ProductSelection {
  if (pageSelectionState(selection, page) === 'all') {
    if (selection.kind === 'matching') return NOTHING_SELECTED;
    const products = new Map(selection.products);
    for (const product of page) products.delete(product.id);
    return { kind: 'picked', products };
  }
  const products = new Map(selection.kind === 'picked' ? selection.products : []);
  for (const product of page) products.set(product.id, product);
  return { kind: 'picked', products };
}

/**
 * Whether to offer "Select all N matching": the whole page is picked and the list has
 * more than the page shows.
 */
export function canSelectAllMatching(selection: ProductSelection, page: readonly ProductRecord[], total: number): boolean {
  return selection.kind === 'picked' && pageSelectionState(selection, page) === 'all' && total > selection.products.size;
}

/** More products picked one by one than one request may name: the bar asks for "all matching" instead. */
export function tooManyPicked(selection: ProductSelection): boolean {
  return selection.kind === 'picked' && selection.products.size > BULK_MAX_IDS;
}

/** The selection as the bulk mutations take it; "matching" sends the list's filters (not its page, size or sort). */
export function selectionInput(selection: ProductSelection, params: ProductListParams): ProductSelectionInput {
  if (selection.kind === 'picked') return { ids: [...selection.products.keys()] };
  const { search, category, inStock, stockStatus } = toListQuery(params);
  return { filter: { search, category, inStock, stockStatus } };
}

/** What decides which products the list matches: a change to any of it starts a new selection. */
export function selectionScope(params: ProductListParams): string {
  const { search, category, inStock, stockStatus } = toListQuery(params);
  return JSON.stringify({ search, category, inStock, stockStatus });
}
