import { Dialog, InputGroup, Spinner } from '@blueprintjs/core';
import { BoxIcon, DocumentIcon, SearchIcon } from '@blueprintjs/icons';
import { useQuickSearchProductsQuery } from '@stockroom/schema/generated/hooks';
import type { ProductListInput } from '@stockroom/schema/generated/graphql';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { extractErrorMessage } from '../../lib/errors';
import { useOffline } from '../../lib/offline/network-status';
import { useDebouncedCallback } from '../../lib/useDebouncedCallback';
import { matchingPages, productItems, productSearchInput, QUICK_SEARCH_DEBOUNCE_MS, QUICK_SEARCH_PRODUCT_LIMIT, type FoundProduct, type QuickSearchItem } from './quick-search-items';
import './quick-search.css';

export interface QuickSearchDialogProps {
  isOpen: boolean;
  isAdmin: boolean;
  onClose(): void;
  /** After the closing transition: the opener gives the focus back (the dialog does not, see QuickSearchProvider). */
  onClosed(): void;
}

/**
 * With no network, the products of the device's copy that match the search (by name, SKU or barcode),
 * null while it is read; null too when there is nothing to look for locally.
 */
function useLocalSearch(input: ProductListInput | null): readonly FoundProduct[] | null {
  const search = input?.search ?? null;
  const limit = input?.limit ?? QUICK_SEARCH_PRODUCT_LIMIT;
  const [found, setFound] = useState<{ search: string; products: readonly FoundProduct[] } | null>(null);
  useEffect(() => {
    if (search === null) return undefined;
    let live = true;
    import('../../lib/offline/product-copy')
      .then((copy) => copy.searchLocalProducts(search, limit))
      .then(
        (products) => live && setFound({ search, products }),
        () => live && setFound({ search, products: [] }),
      );
    return () => {
      live = false;
    };
  }, [search, limit]);
  return found !== null && found.search === search ? found.products : null;
}

/**
 * A combobox over the signed-in user's products (by the product list's own
 * search, as the person types) and the app's pages. Arrow keys move through
 * the options, Enter or a click opens one, Escape closes; Blueprint's dialog
 * keeps the focus inside, and onClosed gives it back to what opened it.
 */
export default function QuickSearchDialog({ isOpen, isAdmin, onClose, onClosed }: QuickSearchDialogProps) {
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const [active, setActive] = useState(0);
  const debounced = useDebouncedCallback(setSearched, QUICK_SEARCH_DEBOUNCE_MS);

  const input = productSearchInput(searched);
  const offline = useOffline();
  const query = useQuickSearchProductsQuery({ variables: { query: input }, skip: input === null || offline });
  const local = useLocalSearch(offline ? input : null);
  const waiting = text.trim() !== '' && (searched.trim() !== text.trim() || (offline ? local === null : query.loading));
  const found = offline ? (local ?? undefined) : query.data?.products.products;
  // A boolean, not `input`: the input is a new object on every render, and would make the memo recompute each time.
  const searching = input !== null;

  const products = useMemo(() => (searching ? productItems(found ?? []) : []), [searching, found]);
  const pages = useMemo(() => matchingPages(text, isAdmin), [text, isAdmin]);
  const items = useMemo(() => [...(text.trim() === '' ? [] : products), ...pages], [text, products, pages]);
  const current = Math.min(active, Math.max(items.length - 1, 0));
  const optionId = (item: QuickSearchItem) => `${id}-option-${item.key}`;

  const change = (value: string) => {
    setText(value);
    setActive(0);
    if (value.trim() === '') {
      debounced.cancel();
      setSearched('');
    } else debounced.schedule(value);
  };

  const choose = (item: QuickSearchItem | undefined) => {
    if (!item) return;
    onClose();
    navigate(item.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length) setActive((current + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Enter before the pause that sends the search: look now rather than open a stale first line.
      if (searched.trim() !== text.trim()) debounced.flush();
      else choose(items[current]);
    }
  };

  const reset = () => {
    debounced.cancel();
    setText('');
    setSearched('');
    setActive(0);
  };

  const status = waiting
    ? 'Searching…'
    : input !== null && !offline && query.error
      ? // Why no product is listed; the pages below still work without the server.
        extractErrorMessage(query.error)
      : text.trim() === ''
      ? 'Type to find your products by name, SKU or category, or pick a page.'
      : `${products.length === 0 ? 'No products' : products.length === 1 ? '1 product' : `${products.length} products`} and ${pages.length === 1 ? '1 page' : `${pages.length} pages`} found${offline ? ' (offline: from the copy on this device)' : ''}.`;

  const renderGroup = (label: string, group: QuickSearchItem[]) =>
    group.length > 0 && (
      <div role="group" aria-label={label} className="quick-search__group">
        <div className="quick-search__group-label" aria-hidden="true">
          {label}
        </div>
        {group.map((item) => {
          const index = items.indexOf(item);
          const selected = index === current;
          return (
            // The options are chosen with the arrow keys from the search field (aria-activedescendant), as a
            // combobox's are: they are never focused themselves, and a click is the pointer's way to the same.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
            <div
              key={item.key}
              id={optionId(item)}
              role="option"
              aria-selected={selected}
              className={`quick-search__option${selected ? ' quick-search__option--active' : ''}`}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(item)}
            >
              <span className="quick-search__icon" aria-hidden="true">
                {item.kind === 'product' ? <BoxIcon /> : <DocumentIcon />}
              </span>
              <span className="quick-search__text">
                <span className="quick-search__label">{item.label}</span>
                {item.detail && <span className="quick-search__detail">{item.detail}</span>}
              </span>
            </div>
          );
        })}
      </div>
    );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={() => {
        reset();
        onClosed();
      }}
      shouldReturnFocusOnClose={false}
      title="Quick search" titleTagName="h2" className="quick-search" autoFocus enforceFocus>
      <div className="quick-search__body">
        <InputGroup
          size="large"
          leftIcon={<SearchIcon />}
          rightElement={waiting ? <Spinner size={16} className="quick-search__spinner" aria-hidden="true" /> : undefined}
          autoFocus
          value={text}
          onValueChange={change}
          onKeyDown={onKeyDown}
          placeholder="Search products and pages"
          role="combobox"
          aria-label="Search products and pages"
          aria-expanded={items.length > 0}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={items[current] ? optionId(items[current]) : undefined}
          autoComplete="off"
          spellCheck={false}
        />
        <p className="quick-search__status" role="status">
          {status}
        </p>
        <div id={listboxId} role="listbox" aria-label="Results" className="quick-search__results">
          {renderGroup('Products', text.trim() === '' ? [] : products)}
          {renderGroup('Pages', pages)}
        </div>
        <p className="quick-search__keys" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
        </p>
      </div>
    </Dialog>
  );
}
