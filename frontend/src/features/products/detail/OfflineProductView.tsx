import { Callout, Card, H2 } from '@blueprintjs/core';
import { ArrowLeftIcon } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageHeader } from '../../../components/PageHeader';
import { waitingLabel } from '../../../lib/offline/change-queue-model';
import { queueStockAdjustment, queueStockCount } from '../../../lib/offline/change-queue';
import type { LocalProduct } from '../../../lib/offline/offline-db';
import { findLocalProduct } from '../../../lib/offline/product-copy';
import { useQueuedChanges } from '../../../lib/offline/useQueuedChanges';
import { extractErrorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toaster';
import { offlineChangesPath } from '../../../lib/urls';
import { useWorkspaceRole } from '../../../lib/workspace';
import { AdjustStockDialog } from '../stock/AdjustStockDialog';
import { CountStockDialog } from '../stock/CountStockDialog';
import { StockAdjuster } from '../stock/StockAdjuster';
import type { StockFieldErrors } from '../stock/stock-movements';
import { PRODUCT_TOASTS } from '../shared/product-toasts';

export interface OfflineProductViewProps {
  id: string;
  listHref: string;
}

/**
 * A product's page with no network: the product as the device's copy has it (its quantity with the
 * changes recorded here since), and Adjust stock and Count stock, whose changes wait in the offline
 * queue and are sent when the network is back.
 */
export default function OfflineProductView({ id, listHref }: OfflineProductViewProps) {
  const { can } = useWorkspaceRole();
  const { changes } = useQueuedChanges();
  const [product, setProduct] = useState<LocalProduct | null | undefined>(undefined);
  const [dialog, setDialog] = useState<'adjust' | 'count' | null>(null);
  const [errors, setErrors] = useState<StockFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const waiting = changes.filter((change) => change.productId === id && change.state === 'pending').length;

  // Read again whenever the queue changes: a change recorded here moves the copy's quantity.
  useEffect(() => {
    let live = true;
    findLocalProduct(id).then(
      (found) => live && setProduct(found),
      () => live && setProduct(null),
    );
    return () => {
      live = false;
    };
  }, [id, changes]);

  const record = async (queue: (product: LocalProduct) => Promise<unknown>): Promise<boolean> => {
    if (!product) return false;
    setBusy(true);
    setErrors({});
    try {
      await queue(product);
      setDialog(null);
      toast.success(PRODUCT_TOASTS.stockQueued);
      return true;
    } catch (error) {
      setErrors({ form: extractErrorMessage(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <LinkButton className="product-back" variant="minimal" icon={<ArrowLeftIcon />} to={listHref}>
      Back to Products
    </LinkButton>
  );
  if (product === undefined) {
    return (
      <>
        {back}
        <h1 className="visually-hidden">Loading product</h1>
        <LoadingScreen label="Loading product" />
      </>
    );
  }
  if (product === null) {
    return (
      <>
        {back}
        <PageHeader title="Not on this device" />
        <Callout intent="warning">There is no network, and this product is not in the copy kept on this device. Open it again when the network is back.</Callout>
      </>
    );
  }
  const mayMoveStock = can('moveStock');
  return (
    <>
      {back}
      <PageHeader title={product.name} subtitle="Product details, from the copy on this device" />
      <Callout intent="warning" className="offline-product__notice">
        <strong>No network.</strong> Stock changes recorded here are kept on this device and sent when the network is back
        {waiting > 0 ? ` (${waitingLabel(waiting)} for this product).` : '.'}{' '}
        <Link to={offlineChangesPath}>See the changes on this device</Link>
      </Callout>
      <StockAdjuster quantity={product.quantity} onAdjust={mayMoveStock ? () => setDialog('adjust') : undefined} onCount={mayMoveStock ? () => setDialog('count') : undefined} />
      <Card className="offline-product__details">
        <H2 className="product-section-title">Details</H2>
        <dl className="offline-product__facts">
          <dt>SKU</dt>
          <dd>{product.sku ?? '—'}</dd>
          <dt>Barcode</dt>
          <dd>{product.barcode ?? '—'}</dd>
          <dt>Category</dt>
          <dd>{product.category}</dd>
        </dl>
      </Card>
      <AdjustStockDialog
        isOpen={dialog === 'adjust'}
        quantity={product.quantity}
        busy={busy}
        errors={errors}
        onSubmit={(adjustment) => record((found) => queueStockAdjustment(found.id, adjustment, found.name))}
        onEdit={() => setErrors({})}
        onClose={() => setDialog(null)}
      />
      <CountStockDialog
        isOpen={dialog === 'count'}
        quantity={product.quantity}
        busy={busy}
        errors={errors}
        onSubmit={(count) => record((found) => queueStockCount(found.id, count, found.name))}
        onEdit={() => setErrors({})}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
