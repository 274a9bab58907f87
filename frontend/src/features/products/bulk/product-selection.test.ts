import { BULK_MAX_IDS } from '@stockroom/schema';
import type { ProductRecord } from '../shared/product-cache';
import { DEFAULT_LIST_PARAMS } from '../shared/product-list-params';
import {
  canSelectAllMatching,
  isSelected,
  NOTHING_SELECTED,
  pageSelectionState,
  pickedProducts,
  selectedCount,
  selectionInput,
  selectionScope,
  togglePage,
  toggleProduct,
  tooManyPicked,
  type ProductSelection,
} from './product-selection';

const product = (n: number) => ({ id: `id-${n}`, name: `Product ${n}` }) as ProductRecord;
const page1 = [product(1), product(2), product(3)];
const page2 = [product(4), product(5)];
const ids = (selection: ProductSelection) => pickedProducts(selection).map((p) => p.id);

describe('the product list selection', () => {
  it('picks and unpicks products one by one, across pages', () => {
    let selection = toggleProduct(NOTHING_SELECTED, page1[1], page1);
    selection = toggleProduct(selection, page2[0], page2);
    expect(ids(selection)).toEqual(['id-2', 'id-4']);
    expect(selectedCount(selection)).toBe(2);
    expect(pageSelectionState(selection, page1)).toBe('some');
    selection = toggleProduct(selection, page1[1], page1);
    expect(ids(selection)).toEqual(['id-4']);
    expect(pageSelectionState(selection, page1)).toBe('none');
  });

  it('the page checkbox picks the whole page, then unpicks only that page', () => {
    let selection = toggleProduct(NOTHING_SELECTED, page2[0], page2);
    selection = togglePage(selection, page1);
    expect(pageSelectionState(selection, page1)).toBe('all');
    expect(ids(selection)).toEqual(['id-4', 'id-1', 'id-2', 'id-3']);
    selection = togglePage(selection, page1);
    expect(ids(selection)).toEqual(['id-4']);
  });

  it('offers every matching product once the whole page is picked and the list has more', () => {
    const whole = togglePage(NOTHING_SELECTED, page1);
    expect(canSelectAllMatching(whole, page1, 5)).toBe(true);
    expect(canSelectAllMatching(whole, page1, 3)).toBe(false);
    expect(canSelectAllMatching(toggleProduct(NOTHING_SELECTED, page1[0], page1), page1, 5)).toBe(false);
  });

  it('"every matching product" selects all of them, and unticking one leaves the rest of the page picked', () => {
    const all: ProductSelection = { kind: 'matching', total: 1250, totalIsEstimate: false };
    expect(selectedCount(all)).toBe(1250);
    expect(isSelected(all, 'anything')).toBe(true);
    expect(pageSelectionState(all, page1)).toBe('all');
    expect(ids(toggleProduct(all, page1[0], page1))).toEqual(['id-2', 'id-3']);
    expect(togglePage(all, page1)).toEqual(NOTHING_SELECTED);
  });

  it('sends picked products by id, and "every matching product" as the list filters without page or sort', () => {
    const params = { ...DEFAULT_LIST_PARAMS, search: 'lamp', category: 'Lighting', inStock: 'low' as const, page: 3, sortBy: 'price' as const };
    expect(selectionInput(togglePage(NOTHING_SELECTED, page2), params)).toEqual({ ids: ['id-4', 'id-5'] });
    expect(selectionInput({ kind: 'matching', total: 9, totalIsEstimate: false }, params)).toEqual({
      filter: { search: 'lamp', category: 'Lighting', inStock: undefined, stockStatus: 'LOW_STOCK' },
    });
  });

  it('a new search or filter is a new scope; another page, size or sort is not', () => {
    const scope = selectionScope(DEFAULT_LIST_PARAMS);
    expect(selectionScope({ ...DEFAULT_LIST_PARAMS, page: 4, limit: 50, sortBy: 'name', view: 'cards' })).toBe(scope);
    expect(selectionScope({ ...DEFAULT_LIST_PARAMS, search: 'x' })).not.toBe(scope);
    expect(selectionScope({ ...DEFAULT_LIST_PARAMS, inStock: false })).not.toBe(scope);
  });

  it('more picked products than one request may name asks for "all matching" instead', () => {
    const many = Array.from({ length: BULK_MAX_IDS + 1 }, (_, n) => product(n));
    expect(tooManyPicked(togglePage(NOTHING_SELECTED, many.slice(0, BULK_MAX_IDS)))).toBe(false);
    expect(tooManyPicked(togglePage(NOTHING_SELECTED, many))).toBe(true);
  });
});
