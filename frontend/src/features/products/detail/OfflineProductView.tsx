import { Button, Callout, Card, Classes, H2 } from '@blueprintjs/core';
import { ArrowLeftIcon, EditIcon } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageHeader } from '../../../components/PageHeader';
import { waitingLabel } from '../../../lib/offline/change-queue-model';
import { currentAccountId, queueStockAdjustment, queueStockCount } from '../../../lib/offline/change-queue';
import type { KnownStock, LocalProduct } from '../../../lib/offline/offline-db';
import { findLocalProduct, productCopyState } from '../../../lib/offline/product-copy';
import { keptLocations } from '../../../lib/offline/kept-stock-counts';
import { knownStock } from '../../../lib/offline/known-stock';
import { placePathOf, quantityOnDevice } from '../../../lib/offline/known-stock-model';
import { formatDateTime } from '../../../lib/format';
import { useQueuedChanges } from '../../../lib/offline/useQueuedChanges';
import { extractErrorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toaster';
import { offlineChangesPath } from '../../../lib/urls';
import { useWorkspaceRole } from '../../../lib/workspace';
import { AdjustStockDialog } from '../stock/AdjustStockDialog';
import { CountStockDialog } from '../stock/CountStockDialog';
import { StockAdjuster } from '../stock/StockAdjuster';
import { ProductStockLocations, type StockLevelRow } from '../stock/ProductStockLocations';
import type { StockFieldErrors } from '../stock/stock-movements';
import { PRODUCT_TOASTS } from '../shared/product-toasts';

export interface OfflineProductViewProps {
  id: string;
  listHref: string;
}

/**
 * What the device knows of where the product is: its last read of the product's stock (this page's,
 * online, or a count's), with the places' names (the read's own, else those kept with a count).
 */
interface PlacesOnDevice {
  /** The read itself (its total may be newer than the copy's quantity); null: the device never read the product's stock. */
  read: KnownStock | null;
  /** null: the device never read the product's stock. */
  levels: StockLevelRow[] | null;
  /** The read left the quantities out (a blind count's read, by a counter). */
  quantitiesHidden: boolean;
  /** The read covered a count's places only. */
  partial: boolean;
  readAt: number | null;
  /** When the device last refreshed its copy of the products. */
  copiedAt: number | null;
}

async function placesOnDevice(id: string): Promise<PlacesOnDevice> {
  const [stock, locations, copy] = await Promise.all([knownStock(id).catch(() => null), keptLocations().catch(() => null), productCopyState().catch(() => null)]);
  const pathOf = new Map((locations ?? []).map((location) => [location.id, location.path]));
  const levels =
    stock?.levels
      .filter((level) => level.quantity === null || level.quantity > 0)
      .map((level): StockLevelRow => {
        const path = placePathOf(level, pathOf) ?? 'A place not named on this device';
        return { quantity: level.quantity ?? 0, ledgerPosition: level.ledgerPosition, location: { id: level.locationId, name: path, path } };
      })
      .sort((a, b) => a.location.path.localeCompare(b.location.path)) ?? null;
  return {
    read: stock,
    levels,
    quantitiesHidden: Boolean(stock?.levels.some((level) => level.quantity === null)),
    partial: Boolean(stock?.places),
    readAt: stock?.askedAt ?? null,
    copiedAt: copy?.syncedAt ?? null,
  };
}

/**
 * A product's page with no network, as this device last saw it: the product as the device's copy has
 * it, its quantity the newest the device knows (the copy's, or its last read of the product's stock
 * when that is newer) with the changes recorded here since, where it is as the device last read its
 * stock, and Adjust stock and Count stock, whose changes wait in the offline queue and are sent when
 * the network is back. Editing and deleting need the server: they are offered, disabled, and say so.
 */
export default function OfflineProductView({ id, listHref }: OfflineProductViewProps) {
  const { can } = useWorkspaceRole();
  const { changes } = useQueuedChanges();
  const [product, setProduct] = useState<LocalProduct | null | undefined>(undefined);
  const [places, setPlaces] = useState<PlacesOnDevice | null>(null);
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

  useEffect(() => {
    let live = true;
    placesOnDevice(id).then(
      (found) => live && setPlaces(found),
      () => live && setPlaces({ read: null, levels: null, quantitiesHidden: false, partial: false, readAt: null, copiedAt: null }),
    );
    return () => {
      live = false;
    };
  }, [id]);

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
  // The quantity shown may come from the stock read: both are read before the page shows, so it never flips.
  if (product === undefined || places === null) {
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
  // "Currently" agrees with "Where it is" when the device's read of the stock is newer than its copy.
  const quantity = quantityOnDevice({ quantity: product.quantity, copiedAt: places.copiedAt }, places.read, changes, currentAccountId(), id);
  const mayMoveStock = can('moveStock');
  const mayEdit = can('editProducts');
  const seenAt = places.copiedAt ? `, ${formatDateTime(new Date(places.copiedAt))}` : '';
  return (
    <>
      {back}
      <PageHeader
        title={product.name}
        subtitle="Product details, from the copy on this device"
        actions={
          mayEdit && (
            <Button intent="primary" icon={<EditIcon />} disabled aria-describedby="offline-product-edit-note">
              Edit Product
            </Button>
          )
        }
      />
      <Callout intent="warning" className="offline-product__notice" data-testid="offline-product-notice">
        <p>
          <strong>Offline: this product as this device last saw it{seenAt}.</strong>
        </p>
        <p>
          Stock changes recorded here are kept on this device and sent when the network is back
          {waiting > 0 ? ` (${waitingLabel(waiting)} for this product).` : '.'}{' '}
          {mayEdit && <span id="offline-product-edit-note">Editing or deleting it needs the network. </span>}
          <Link to={offlineChangesPath}>See the changes on this device</Link>
        </p>
      </Callout>
      <StockAdjuster quantity={quantity} onAdjust={mayMoveStock ? () => setDialog('adjust') : undefined} onCount={mayMoveStock ? () => setDialog('count') : undefined} />
      <ProductStockLocations
        levels={places.levels && !places.quantitiesHidden ? places.levels : null}
        total={null}
        error={
          places.levels === null ? (
            <p className={Classes.TEXT_MUTED}>This device has not read where this product is.</p>
          ) : places.quantitiesHidden ? (
            <p className={Classes.TEXT_MUTED}>This device&apos;s last read of its stock did not include quantities (a blind count).</p>
          ) : undefined
        }
      />
      {places.levels && !places.quantitiesHidden && places.readAt !== null && (
        <p className={`${Classes.TEXT_MUTED} offline-product__read`} data-testid="offline-product-stock-read">
          Where it is as this device last read it, {formatDateTime(new Date(places.readAt))}
          {places.partial ? ", for a stock count's places only" : ''}. It may have changed since.
        </p>
      )}
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
        quantity={quantity}
        busy={busy}
        errors={errors}
        onSubmit={(adjustment) => record((found) => queueStockAdjustment(found.id, adjustment, found.name))}
        onEdit={() => setErrors({})}
        onClose={() => setDialog(null)}
      />
      <CountStockDialog
        isOpen={dialog === 'count'}
        quantity={quantity}
        busy={busy}
        errors={errors}
        onSubmit={(count) => record((found) => queueStockCount(found.id, count, found.name))}
        onEdit={() => setErrors({})}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
