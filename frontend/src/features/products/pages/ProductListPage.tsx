import { useApolloClient } from '@apollo/client/react';
import { PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { ExportMessages, ProductMessages, type ProductExportFormat } from '@stockroom/schema';
import {
  ProductCategoriesDocument,
  ProductListDocument,
  ProductStatsDocument,
  useProductCategoriesQuery,
  useProductDeleteMutation,
  useProductListQuery,
  useProductStatsQuery,
} from '@stockroom/schema/generated/hooks';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { LoadError } from '../../../components/LoadError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { ListPagination } from '../../../components/ListPagination';
import { PageHeader } from '../../../components/PageHeader';
import { ScanButton } from '../../../components/scanner/ScanButton';
import { DownloadError, downloadFile } from '../../../lib/download';
import { toast } from '../../../lib/toaster';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SignedInTitles } from '../../../lib/page-titles';
import { useSearchText } from '../../../lib/useSearchText';
import { useScrollToTop } from '../../../lib/useScrollToTop';
import { useOnceTrue } from '../../../lib/useOnceTrue';
import { useCodeAfterFirstContent } from '../../../lib/prefetch-code';
import { askOneByOne, type PreloadData } from '../../../lib/preload-data';
import { ProductExportMenu } from '../import-export/ProductExportMenu';
import { ProductImportButton } from '../import-export/ProductImportButton';
import { ProductCards } from '../list/ProductCards';
import { ProductListEmpty } from '../list/ProductListEmpty';
import { CONTROLS_ID, ProductListToolbar } from '../list/ProductListToolbar';
import { ProductRows } from '../list/ProductRows';
import { ProductStatsCards, STATS_ID } from '../list/ProductStatsCards';
import { ProductTable } from '../list/ProductTable';
import { useListNavigation } from '../shared/list-location';
import { productNewPath, productTrashPath } from '../urls';
import { applyProductDeleted, readCachedProduct, type ProductRecord } from '../shared/product-cache';
import { isProductMissing, loadErrorMessage, productErrorMessage } from '../shared/product-errors';
import {
  changeListParams,
  clearListFilters,
  exportUrl,
  hasListFilters,
  parseListParams,
  serializeListParams,
  sortByColumn,
  toListQuery,
  type ProductListParams,
} from '../shared/product-list-params';
import {
  canSelectAllMatching,
  isSelected,
  NOTHING_SELECTED,
  pageSelectionState,
  selectedCount,
  selectionScope,
  togglePage,
  toggleProduct,
  tooManyPicked,
  type ProductSelection,
} from '../bulk/product-selection';
import { ProductSelectionBar } from '../bulk/ProductSelectionBar';
import type { ProductPicker } from '../list/SelectProductCheckbox';
import { useBulkActions } from '../bulk/useBulkActions';
import { useWorkspaceRole } from '../../../lib/workspace';
import { useOffline } from '../../../lib/offline/network-status';
import { isPassingFailure } from '../../../lib/offline/read-retry';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { useScannedCodeLookup } from '../scan/useScannedCodeLookup';
import { useUndoDelete } from '../trash/useUndoDelete';
import '../shared/products.css';

/**
 * Below this width the table's seven columns no longer fit beside the side
 * navigation, so the table view shows compact rows instead (phones and
 * portrait tablets); a 1024 px screen keeps the table.
 */
const COMPACT_LIST_QUERY = '(max-width: 960px)';
/** Up to this width the table's three row actions share one menu button, so the table fits beside the side navigation. */
const TABLE_ACTIONS_MENU_QUERY = '(max-width: 1100px)';
/** Up to this width the bulk actions share one menu button. */
const BULK_ACTIONS_MENU_QUERY = '(max-width: 700px)';

/** The list's first answers (its page of products, the stats, the categories), asked for before the app's first render. */
export const preloadData: PreloadData = (client, { searchParams }) =>
  askOneByOne([
    () => client.query({ query: ProductListDocument, variables: { query: toListQuery(parseListParams(searchParams)) } }),
    () => client.query({ query: ProductStatsDocument }),
    () => client.query({ query: ProductCategoriesDocument }),
  ]);

/** The dialogs' code comes after the first page of products is on screen, or at once when one is opened first. */
const loadListDialogs = () => import('../list/ProductListDialogs');
const ProductListDialogs = lazy(loadListDialogs);
/** The list from the device's copy of the products: only ever loaded with no network (or no answer). */
const OfflineProductList = lazy(() => import('../list/OfflineProductList'));

export default function ProductListPage() {
  usePageTitle(SignedInTitles.products);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseListParams(searchParams), [searchParams]);
  // Next or Previous at the foot of a long page starts the new page at its top.
  useScrollToTop(params.page);
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const { navState } = useListNavigation();
  const client = useApolloClient();

  const go = useCallback(
    (next: ProductListParams, options?: { replace?: boolean }) => {
      // Asking again for the list already asked for is no navigation.
      if (serializeListParams(next) === serializeListParams(paramsRef.current)) return;
      // A second change before the page renders again (a filter, then a sort at once) builds on this one, not on the URL it replaces.
      paramsRef.current = next;
      setSearchParams(serializeListParams(next), options);
    },
    [setSearchParams],
  );
  const update = useCallback((changes: Partial<ProductListParams>) => go(changeListParams(paramsRef.current, changes)), [go]);

  // An invalid or out-of-order query string is rewritten to its canonical form.
  const canonical = serializeListParams(params);
  useEffect(() => {
    if (canonical !== searchParams.toString()) setSearchParams(canonical, { replace: true });
  }, [canonical, searchParams, setSearchParams]);

  // The search box shows what is typed; the URL (and the request) follow after the debounce.
  const search = useSearchText(params.search, (text) => update({ search: text }));

  const lookUpScannedCode = useScannedCodeLookup(
    navState,
    useCallback((code: string) => update({ search: code }), [update]),
  );

  const query = useMemo(() => toListQuery(params), [params]);
  const list = useProductListQuery({ variables: { query } });
  const stats = useProductStatsQuery();
  const categories = useProductCategoriesQuery();
  const compact = useMediaQuery(COMPACT_LIST_QUERY);
  const tableActionsMenu = useMediaQuery(TABLE_ACTIONS_MENU_QUERY);
  const [deleteProduct, { loading: deleting }] = useProductDeleteMutation();
  const [toDelete, setToDelete] = useState<ProductRecord | null>(null);
  const undoDelete = useUndoDelete();

  const listData = list.dataState === 'complete' ? list.data.products : null;
  const pagination = listData?.pagination;

  // A selection belongs to the search and filters it was made under: a new one starts empty; another page, size or sort keeps it.
  const scope = selectionScope(params);
  const [selected, setSelected] = useState<{ scope: string; selection: ProductSelection }>({ scope, selection: NOTHING_SELECTED });
  const selection = selected.scope === scope ? selected.selection : NOTHING_SELECTED;
  const setSelection = useCallback((next: ProductSelection) => setSelected({ scope, selection: next }), [scope]);
  const bulk = useBulkActions(params, selection, setSelection);
  const bulkActionsMenu = useMediaQuery(BULK_ACTIONS_MENU_QUERY);
  const shownProducts = listData?.products ?? [];
  const { can } = useWorkspaceRole();
  const editable = can('editProducts');
  const picker: ProductPicker = {
    isSelected: (id) => isSelected(selection, id),
    onToggle: (product) => setSelection(toggleProduct(selection, product, shownProducts)),
  };

  const offline = useOffline();
  // With no network (or no answer from the server), the products as this device last saw them.
  const fromDevice = !listData && (offline || (list.error !== undefined && isPassingFailure(list.error)));
  // The device's copy says why it is shown: no toast of a failed read.
  useLoadErrorToast(fromDevice ? undefined : list.error);
  // Back online after a failed read: ask the server again rather than keep showing the copy.
  const wasOffline = useRef(offline);
  const retryList = useRef(() => {});
  retryList.current = () => {
    if (list.error) void list.refetch().catch(() => undefined);
  };
  useEffect(() => {
    if (wasOffline.current && !offline) retryList.current();
    wasOffline.current = offline;
  }, [offline]);

  // A page past the end (the last product of the last page deleted, or an old link) shows the last page.
  useEffect(() => {
    const lastPage = Math.max(1, pagination?.totalPages ?? 1);
    if (pagination && params.page > lastPage) go({ ...paramsRef.current, page: lastPage }, { replace: true });
  }, [pagination, params.page, go]);

  const [moreShown, setMoreShown] = useState(false);
  const [exporting, setExporting] = useState(false);
  /** Downloads what the list shows (its filters and sort, every page) as a file; a refusal or a cut-off download is a toast. */
  const exportList = async (format: ProductExportFormat) => {
    setExporting(true);
    try {
      await downloadFile(exportUrl(paramsRef.current, format), `stockroom-products.${format}`);
    } catch (error) {
      toast.error(error instanceof DownloadError && error.status !== undefined ? error.message : ExportMessages.failed);
    } finally {
      setExporting(false);
    }
  };

  const clearFilters = () => {
    search.clear();
    go(clearListFilters(paramsRef.current));
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const { id } = toDelete;
    try {
      // The mutation only returns the id, so the cache still holds the product's values in `update`.
      await deleteProduct({
        variables: { id },
        update: (cache) => applyProductDeleted(cache, id, readCachedProduct(cache, id)),
      });
      undoDelete.productDeleted(id);
    } catch (error) {
      // Already gone (deleted elsewhere): take it off the screen too.
      if (isProductMissing(error)) applyProductDeleted(client.cache, id, readCachedProduct(client.cache, id));
      toast.error(productErrorMessage(error, ProductMessages.deleteFailed));
    } finally {
      setToDelete(null);
    }
  };

  const filtered = hasListFilters(params);
  // The dialogs mount when one is first opened, and then stay (a closing dialog keeps its transition).
  useCodeAfterFirstContent(loadListDialogs);
  const dialogsWanted = useOnceTrue(bulk.dialog !== null || toDelete !== null);

  /** The list region: a spinner or the failure until a page is there, then its rows, or an empty state. */
  const listContent = () => {
    if (!listData) {
      if (list.error) return <LoadError className="product-empty" message={loadErrorMessage(list.error)} onRetry={() => void list.refetch()} />;
      return <LoadingScreen label="Loading products" />;
    }
    const { products, pagination } = listData;
    // An empty page of a list that has products is past its end: the effect above is moving to the last page.
    if (products.length === 0 && pagination.total > 0) {
      return <LoadingScreen label="Loading products" />;
    }
    if (products.length === 0) return <ProductListEmpty filtered={filtered} onClearFilters={clearFilters} />;
    return (
      <>
        {editable && (
        <ProductSelectionBar
          pageState={pageSelectionState(selection, products)}
          onTogglePage={() => setSelection(togglePage(selection, products))}
          count={selectedCount(selection)}
          countIsEstimate={selection.kind === 'matching' && selection.totalIsEstimate}
          matching={selection.kind === 'matching'}
          offerMatching={canSelectAllMatching(selection, products, pagination.total) ? { total: pagination.total, estimate: pagination.totalIsEstimate } : null}
          onSelectMatching={() => setSelection({ kind: 'matching', total: pagination.total, totalIsEstimate: pagination.totalIsEstimate })}
          onClear={() => setSelection(NOTHING_SELECTED)}
          tooMany={tooManyPicked(selection)}
          canPrintLabels={selection.kind === 'picked'}
          busy={bulk.busy}
          compact={bulkActionsMenu}
          onAction={bulk.open}
        />
        )}
        {params.view === 'cards' ? (
          <ProductCards products={products} navState={navState} onDelete={editable ? setToDelete : undefined} picker={editable ? picker : undefined} />
        ) : compact ? (
          <ProductRows products={products} navState={navState} onDelete={editable ? setToDelete : undefined} picker={editable ? picker : undefined} />
        ) : (
          <ProductTable
            products={products}
            navState={navState}
            onDelete={editable ? setToDelete : undefined}
            picker={editable ? picker : undefined}
            sortBy={params.sortBy}
            sortOrder={params.sortOrder}
            onSortColumn={(field) => update(sortByColumn(paramsRef.current, field))}
            actionsMenu={tableActionsMenu}
          />
        )}
        <ListPagination
          noun="products"
          shown={products.length}
          pagination={pagination}
          onPageChange={(page) => update({ page })}
          pageSize={{ limit: params.limit, onChange: (limit) => update({ limit }) }}
        />
      </>
    );
  };

  if (fromDevice) {
    return (
      <div className="page products-page">
        <Suspense fallback={<LoadingScreen label="Loading products" />}>
          <OfflineProductList searchText={search.text} onSearchChange={search.change} reason={offline ? 'offline' : 'unanswered'} navState={navState} />
        </Suspense>
      </div>
    );
  }

  return (
    <div className={`page products-page${moreShown ? ' products-page--more-shown' : ''}`}>
      <PageHeader
        title="Product Management"
        subtitle="Create, search and track the products in your catalogue."
        actions={
          <>
            <LinkButton size="large" icon={<TrashIcon />} to={productTrashPath}>
              Trash
            </LinkButton>
            {editable && (
              <LinkButton intent="primary" size="large" icon={<PlusIcon />} to={productNewPath} state={navState}>
                Add New Product
              </LinkButton>
            )}
          </>
        }
      />
      <ProductListToolbar
        searchText={search.text}
        onSearchChange={search.change}
        onSearchSubmit={search.submit}
        searchAddon={<ScanButton onCode={(code) => void lookUpScannedCode(code)} />}
        category={params.category}
        categories={categories.dataState === 'complete' ? categories.data.categories : null}
        onCategoryChange={(category) => update({ category })}
        inStock={params.inStock}
        onStockChange={(inStock) => update({ inStock })}
        sortBy={params.sortBy}
        sortOrder={params.sortOrder}
        onSortChange={(sort) => update(sort)}
        view={params.view}
        onViewChange={(view) => update({ view })}
        canClear={filtered || search.text !== ''}
        onClear={clearFilters}
        importButton={editable ? <ProductImportButton /> : undefined}
        exportMenu={<ProductExportMenu exporting={exporting} onExport={(format) => void exportList(format)} />}
        moreShown={moreShown}
        onMoreToggle={() => setMoreShown((shown) => !shown)}
        filtersSet={(params.category !== '' ? 1 : 0) + (params.inStock !== null ? 1 : 0)}
        moreIds={`${CONTROLS_ID} ${STATS_ID}`}
      />
      <ProductStatsCards
        stats={stats.dataState === 'complete' ? stats.data.productStats : null}
        onRetry={stats.error && !stats.loading ? () => void stats.refetch().catch(() => {}) : undefined}
        offline={offline}
      />
      <section className="products-page__list" aria-label="Product list" aria-busy={list.loading}>
        {listContent()}
      </section>
      {dialogsWanted && (
        <Suspense fallback={null}>
          <ProductListDialogs
            bulk={bulk}
            count={selectedCount(selection)}
            categories={categories.dataState === 'complete' ? categories.data.categories : []}
            deleteName={toDelete?.name ?? null}
            deleteBusy={deleting}
            onConfirmDelete={() => void confirmDelete()}
            onCancelDelete={() => setToDelete(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
