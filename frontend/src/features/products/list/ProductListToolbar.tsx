import { Button, HTMLSelect, SegmentedControl } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronUpIcon, FilterIcon, FilterRemoveIcon, GridViewIcon, ThListIcon } from '@blueprintjs/icons';
import type { ProductSortField, SortOrder } from '@stockroom/schema';
import type { ReactNode } from 'react';
import { SearchInput } from '../../../components/SearchInput';
import type { ListView, StockFilter } from '../shared/product-list-params';

export interface ProductListToolbarProps {
  searchText: string;
  onSearchChange(text: string): void;
  /** Enter in the search box: search now rather than after the debounce. */
  onSearchSubmit(): void;
  /** Beside the search box, e.g. the barcode scanner's button. */
  searchAddon?: ReactNode;
  /** The selected category, '' for all. */
  category: string;
  /** The user's categories; null while they load. */
  categories: readonly string[] | null;
  onCategoryChange(category: string): void;
  inStock: StockFilter;
  onStockChange(value: StockFilter): void;
  sortBy: ProductSortField;
  sortOrder: SortOrder;
  onSortChange(sort: { sortBy?: ProductSortField; sortOrder?: SortOrder }): void;
  view: ListView;
  onViewChange(view: ListView): void;
  canClear: boolean;
  onClear(): void;
  /** The Import button, before the Export menu. */
  importButton?: ReactNode;
  /** The Export menu, after the other controls. */
  exportMenu?: ReactNode;
  /**
   * On a phone the controls and the statistics fold away behind one button, so the
   * first products show under the search box; `moreShown` says whether they are out.
   */
  moreShown: boolean;
  onMoreToggle(): void;
  /** How many filters (stock, category) are set: the folded button says so. */
  filtersSet: number;
  /** The ids of what the button shows and hides. */
  moreIds: string;
}

const STOCK_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'in', label: 'In Stock' },
  { value: 'low', label: 'Low Stock' },
  { value: 'out', label: 'Out of Stock' },
];
const stockValue = (inStock: StockFilter) => (inStock === null ? 'all' : inStock === 'low' ? 'low' : inStock ? 'in' : 'out');
const stockFilterOf = (value: string): StockFilter => (value === 'in' ? true : value === 'out' ? false : value === 'low' ? 'low' : null);

/** A label for every sort field and order of the schema, in the order the menus show them. */
const SORT_LABELS: Record<ProductSortField, string> = { date: 'Date', name: 'Name', price: 'Price' };
const ORDER_LABELS: Record<SortOrder, string> = { desc: 'Descending', asc: 'Ascending' };
const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const SORT_OPTIONS = optionsOf(SORT_LABELS);
const ORDER_OPTIONS = optionsOf(ORDER_LABELS);

const ALL_CATEGORIES = { value: '', label: 'All categories' };

/** The choices of the category filter: a category from a link that is not (or not yet) among the user's still shows. */
function categoryOptions(categories: readonly string[] | null, selected: string) {
  const names = categories ?? [];
  const shown = selected && !names.includes(selected) ? [selected, ...names] : names;
  return [ALL_CATEGORIES, ...shown.map((name) => ({ value: name, label: name }))];
}

export const CONTROLS_ID = 'product-list-controls';

export function ProductListToolbar(props: ProductListToolbarProps) {
  return (
    <div className="product-toolbar" role="search" aria-label="Search and filter products">
      <div className="product-toolbar__search">
        <SearchInput
          className="product-toolbar__search-input"
          label="Search products"
          placeholder="Search by name, category, SKU or barcode"
          value={props.searchText}
          onChange={props.onSearchChange}
          onSubmit={props.onSearchSubmit}
        />
        {props.searchAddon}
      </div>
      <Button
        className="product-toolbar__more"
        variant="outlined"
        icon={<FilterIcon />}
        endIcon={props.moreShown ? <ChevronUpIcon /> : <ChevronDownIcon />}
        aria-expanded={props.moreShown}
        aria-controls={props.moreIds}
        onClick={props.onMoreToggle}
      >
        {props.filtersSet > 0 ? `Filters (${props.filtersSet} set) and stats` : 'Filters and stats'}
      </Button>
      <div className="product-toolbar__controls" id={CONTROLS_ID}>
        <SegmentedControl
          aria-label="Stock filter"
          className="product-toolbar__stock"
          options={STOCK_OPTIONS}
          value={stockValue(props.inStock)}
          onValueChange={(value) => props.onStockChange(stockFilterOf(value))}
        />
        <div className="product-toolbar__field">
          <label htmlFor="product-category">Category</label>
          <HTMLSelect
            id="product-category"
            className="product-toolbar__category"
            options={categoryOptions(props.categories, props.category)}
            value={props.category}
            onChange={(event) => props.onCategoryChange(event.target.value)}
          />
        </div>
        <div className="product-toolbar__sort product-toolbar__field">
          <label htmlFor="product-sort-by">Sort by</label>
          <HTMLSelect
            id="product-sort-by"
            options={SORT_OPTIONS}
            value={props.sortBy}
            onChange={(event) => props.onSortChange({ sortBy: event.target.value as ProductSortField })}
          />
          <HTMLSelect
            aria-label="Sort order"
            options={ORDER_OPTIONS}
            value={props.sortOrder}
            onChange={(event) => props.onSortChange({ sortOrder: event.target.value as SortOrder })}
          />
        </div>
        <SegmentedControl
          aria-label="View"
          className="product-toolbar__view"
          options={[
            { value: 'table', label: 'Table', icon: <ThListIcon /> },
            { value: 'cards', label: 'Cards', icon: <GridViewIcon /> },
          ]}
          value={props.view}
          onValueChange={(value) => props.onViewChange(value as ListView)}
        />
        <Button variant="minimal" icon={<FilterRemoveIcon />} disabled={!props.canClear} onClick={props.onClear}>
          Clear Filters
        </Button>
        {props.importButton}
        {props.exportMenu}
      </div>
    </div>
  );
}
