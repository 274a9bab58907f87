import { Button, Callout, Classes } from '@blueprintjs/core';
import { BoxIcon, DownloadIcon, ImportIcon, PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import { formatCount, formatDateTime } from '../../../lib/format';
import type { LocalProduct } from '../../../lib/offline/offline-db';
import { listLocalProducts, productCopyState } from '../../../lib/offline/product-copy';
import { matchProducts } from '../../../lib/offline/product-copy-model';
import { useWorkspaceRole } from '../../../lib/workspace';
import type { ProductNavState } from '../shared/list-location';
import { useProductPath } from '../shared/useProductPath';
import { ProductRowSummary } from './ProductRowSummary';

/** The most rows drawn at once: a copy holds up to 5,000 products, and the search narrows them. */
const SHOWN_AT_MOST = 100;

export interface OfflineProductListProps {
  searchText: string;
  onSearchChange(text: string): void;
  /** Why the server's list is not shown: no network, or no answer from the server. */
  reason: 'offline' | 'unanswered';
  navState: ProductNavState;
}

interface CopyOnDevice {
  products: LocalProduct[];
  /** When the device last refreshed its copy; null when it never did. */
  savedAt: number | null;
}

/**
 * The product list with no network (or no answer from the server): the workspace's products as the
 * device's copy has them, narrowed by the search box as the quick search finds them. Filters, sorting,
 * pages, statistics, and creating, bulk changes, import and export need the server: they say so.
 * Only ever loaded then.
 */
export default function OfflineProductList({ searchText, onSearchChange, reason, navState }: OfflineProductListProps) {
  const { can } = useWorkspaceRole();
  const pathOf = useProductPath();
  const [copy, setCopy] = useState<CopyOnDevice | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    Promise.all([listLocalProducts(), productCopyState()]).then(
      ([products, state]) => live && setCopy(state ? { products, savedAt: state.syncedAt } : null),
      () => live && setCopy(null),
    );
    return () => {
      live = false;
    };
  }, []);

  const found = useMemo(() => (copy ? matchProducts(copy.products, searchText) : []), [copy, searchText]);
  const shown = found.slice(0, SHOWN_AT_MOST);
  const mayEdit = can('editProducts');
  const why = reason === 'offline' ? 'Offline' : 'No answer from the server';

  const body = () => {
    if (copy === undefined) return <LoadingScreen label="Loading products" />;
    if (copy === null) {
      return (
        <EmptyState
          headingLevel={2}
          icon={<BoxIcon size={48} />}
          title="Not on this device"
          description={`${reason === 'offline' ? 'There is no network' : 'The server did not answer'}, and this device has no copy of the products yet. Open the list again when the network is back.`}
        />
      );
    }
    if (found.length === 0) {
      return <p className={`${Classes.TEXT_MUTED} offline-product-list__none`}>{copy.products.length === 0 ? 'There were no products.' : 'No product of this device\u2019s copy matches the search.'}</p>;
    }
    return (
      <>
        <ul className="product-rows" aria-label="Products">
          {shown.map((product) => (
            <li key={product.id} className="product-row" data-product-id={product.id}>
              <div className="product-row__main">
                <ProductRowSummary product={product} to={pathOf(product.id)} navState={navState} />
              </div>
              <span className="offline-product-list__quantity">Qty {formatCount(product.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className={`${Classes.TEXT_MUTED} offline-product-list__count`} data-testid="offline-product-list-count">
          {found.length > shown.length
            ? `The first ${formatCount(shown.length)} of ${formatCount(found.length)} products; search to find the others.`
            : `${formatCount(found.length)} ${found.length === 1 ? 'product' : 'products'}.`}
        </p>
      </>
    );
  };

  return (
    <>
      <PageHeader
        title="Product Management"
        subtitle="The products of the copy on this device."
        actions={
          <>
            <Button size="large" icon={<TrashIcon />} disabled aria-describedby="offline-product-list-server-note">
              Trash
            </Button>
            {mayEdit && (
              <Button intent="primary" size="large" icon={<PlusIcon />} disabled aria-describedby="offline-product-list-server-note">
                Add New Product
              </Button>
            )}
          </>
        }
      />
      <Callout intent="warning" className="offline-product__notice" data-testid="offline-product-list-notice">
        <p>
          <strong>
            {why}: the products as this device last saw them{copy?.savedAt ? `, ${formatDateTime(new Date(copy.savedAt))}` : ''}.
          </strong>
        </p>
        <p>
          A product opens from the copy, and its stock changes wait on this device until the network is back.{' '}
          <span id="offline-product-list-server-note">
            Filters, sorting, pages and statistics, and adding{mayEdit ? ', changing in bulk, importing' : ''} or exporting products, need the network.
          </span>
        </p>
      </Callout>
      <div className="product-toolbar" role="search" aria-label="Search the products on this device">
        <div className="product-toolbar__search">
          <SearchInput
            className="product-toolbar__search-input"
            label="Search products"
            placeholder="Search by name, SKU or barcode"
            value={searchText}
            onChange={onSearchChange}
            onSubmit={() => {}}
          />
        </div>
        <div className="offline-product-list__server-actions">
          {mayEdit && (
            <Button variant="minimal" icon={<ImportIcon />} disabled aria-describedby="offline-product-list-server-note">
              Import
            </Button>
          )}
          <Button variant="minimal" icon={<DownloadIcon />} disabled aria-describedby="offline-product-list-server-note">
            Export
          </Button>
        </div>
      </div>
      <section className="products-page__list" aria-label="Product list" aria-busy={copy === undefined}>
        {body()}
      </section>
    </>
  );
}
