import { Button } from '@blueprintjs/core';
import { ArrowLeftIcon, EditIcon, TrashIcon } from '@blueprintjs/icons';
import { ProductMessages } from '@stockroom/schema';
import { ProductDetailsDocument, useProductDeleteMutation, useProductDetailsQuery } from '@stockroom/schema/generated/hooks';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PrintLabelsButton } from '../../../components/labels/PrintLabelsButton';
import { PageHeader } from '../../../components/PageHeader';
import { toast } from '../../../lib/toaster';
import { useOnceTrue } from '../../../lib/useOnceTrue';
import { useCodeAfterFirstContent } from '../../../lib/prefetch-code';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SignedInTitles } from '../../../lib/page-titles';
import { useScrollToTop } from '../../../lib/useScrollToTop';
import { ProductDetailsView } from '../detail/ProductDetailsView';
import { ProductLoadState } from '../detail/ProductLoadState';
import { StockAdjuster } from '../stock/StockAdjuster';
import { ProductStockHistory } from '../stock/ProductStockHistory';
import { useListNavigation } from '../shared/list-location';
import { productEditPath } from '../urls';
import { useProductPath } from '../shared/useProductPath';
import { useWorkspaceRole } from '../../../lib/workspace';
import { applyProductDeleted, readCachedProduct, type ProductRecord } from '../shared/product-cache';
import { isProductMissing, productErrorMessage } from '../shared/product-errors';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { useStockMovements } from '../stock/useStockMovements';
import { useStockLocations } from '../stock/useStockLocations';
import { useStockTransfer } from '../stock/useStockTransfer';
import { ProductStockLocations } from '../stock/ProductStockLocations';
import { AFTER_PAINT_TURNS } from '../stock/after-paint-turns';
import { useAfterPaint } from '../../../lib/useAfterPaint';
import { useOffline } from '../../../lib/offline/network-status';
import { useUndoDelete } from '../trash/useUndoDelete';
import type { PreloadData } from '../../../lib/preload-data';
import '../shared/products.css';

/**
 * The stock and delete dialogs are a chunk of their own, fetched once the product is on screen
 * (or as soon as one of them is opened): the product's first view does without their code.
 */
const loadDetailDialogs = () => import('../detail/ProductDetailDialogs');
const ProductDetailDialogs = lazy(loadDetailDialogs);
/** The page with no network, from the device's copy of the products: only ever loaded offline. */
const OfflineProductView = lazy(() => import('../detail/OfflineProductView'));

/** The product, asked for before the app's first render. */
export const preloadData: PreloadData = (client, { params }) =>
  client.query({ query: ProductDetailsDocument, variables: { id: params.id ?? '' } });

export default function ProductDetailsPage() {
  const { id = '' } = useParams();
  useScrollToTop(id);
  const navigate = useNavigate();
  const { navState, listHref } = useListNavigation();

  // While a delete is under way the query stops watching: the eviction must
  // not make this page fetch (and report missing) the product it is leaving.
  const [leaving, setLeaving] = useState(false);
  const details = useProductDetailsQuery({ variables: { id }, skip: leaving });
  const lastShown = useRef<ProductRecord | null>(null);
  if (details.dataState === 'complete') lastShown.current = details.data.product;
  // Gone since it was shown (deleted in another tab, or by someone else): the query keeps the last
  // product it had beside the error, and the page must not keep showing it.
  const goneNow = !leaving && isProductMissing(details.error);
  const product = goneNow ? null : details.dataState === 'complete' ? details.data.product : leaving ? lastShown.current : null;

  const missing = !product && isProductMissing(details.error);
  usePageTitle(missing ? 'Product Not Found' : SignedInTitles.product);

  const offline = useOffline();
  const { can } = useWorkspaceRole();
  const productHref = useProductPath();
  const [confirming, setConfirming] = useState(false);
  const [deleteProduct, { loading: deleting }] = useProductDeleteMutation();
  const undoDelete = useUndoDelete();
  // The history's page belongs to its product: another product starts at its first, as does a movement just recorded.
  const [history, setHistory] = useState({ productId: id, page: 1 });
  const historyPage = history.productId === id ? history.page : 1;
  const setHistoryPage = (page: number) => setHistory({ productId: id, page });
  const stock = useStockMovements(id, () => setHistoryPage(1));
  const transfer = useStockTransfer(id, () => setHistoryPage(1));
  // Where the stock is comes after the product's first paint, as the history does; the places it can
  // go a task later, so that the requests after that paint start one per task.
  const levelsDue = useAfterPaint(product !== null, AFTER_PAINT_TURNS.levels);
  const choicesDue = useAfterPaint(product !== null, AFTER_PAINT_TURNS.choices);
  const places = useStockLocations(id, { skip: leaving || !levelsDue, withChoices: can('moveStock') && choicesDue });
  // As on the list: the dialogs mount when one is first opened, and then stay (a closing dialog keeps its transition).
  useCodeAfterFirstContent(loadDetailDialogs);
  const dialogsWanted = useOnceTrue(stock.dialog !== null || transfer.from !== null || confirming);

  // With no network the page shows the device's copy instead, and says so: no toast of a failed read.
  useLoadErrorToast(offline ? undefined : details.error);

  const confirmDelete = async () => {
    setLeaving(true);
    try {
      await deleteProduct({ variables: { id }, update: (cache) => applyProductDeleted(cache, id, readCachedProduct(cache, id)) });
      undoDelete.productDeleted(id);
      navigate(listHref, { replace: true });
    } catch (error) {
      setLeaving(false);
      setConfirming(false);
      toast.error(productErrorMessage(error, ProductMessages.deleteFailed));
    }
  };

  if (!product && offline) {
    return (
      <div className="page products-page">
        <Suspense fallback={<LoadingScreen label="Loading product" />}>
          <OfflineProductView id={id} listHref={listHref} />
        </Suspense>
      </div>
    );
  }
  if (!product) {
    return (
      <div className="page products-page">
        <ProductLoadState id={id} error={details.error} listHref={listHref} onRetry={() => void details.refetch()} />
      </div>
    );
  }

  return (
    <div className="page products-page">
      <LinkButton className="product-back" variant="minimal" icon={<ArrowLeftIcon />} to={listHref}>
        Back to Products
      </LinkButton>
      <PageHeader
        title={product.name}
        subtitle="Product details"
        actions={
          <>
            {can('editProducts') && (
              <LinkButton intent="primary" icon={<EditIcon />} to={productEditPath(product.id)} state={navState}>
                Edit Product
              </LinkButton>
            )}
            <PrintLabelsButton
              labels={[{ id: product.id, name: product.name, price: product.price, sku: product.sku, barcode: product.barcode, url: new URL(productHref(product.id), window.location.origin).href }]}
            />
            {can('editProducts') && (
              <Button intent="danger" variant="outlined" icon={<TrashIcon />} onClick={() => setConfirming(true)}>
                Delete Product
              </Button>
            )}
          </>
        }
      />
      {/* The stock and its two actions come first: on a phone in the stockroom they are what the page is opened for. */}
      <StockAdjuster
        quantity={product.quantity}
        onAdjust={can('moveStock') ? () => stock.open('adjust') : undefined}
        onCount={can('moveStock') ? () => stock.open('count') : undefined}
      />
      <ProductStockLocations levels={places.levels} total={places.total} error={places.error} onMove={can('moveStock') ? transfer.open : undefined} />
      <ProductDetailsView product={product} />
      <ProductStockHistory productId={product.id} page={historyPage} onPageChange={setHistoryPage} paused={leaving} />
      {dialogsWanted && (
        <Suspense fallback={null}>
          <ProductDetailDialogs
            quantity={product.quantity}
            stock={stock}
            transfer={transfer}
            locations={places.locations}
            levels={places.levels}
            deleteName={confirming ? product.name : null}
            deleteBusy={deleting}
            onConfirmDelete={() => void confirmDelete()}
            onCancelDelete={() => setConfirming(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
