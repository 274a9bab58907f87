import { ProductMessages } from '@stockroom/schema';
import type { StockHereProps } from '../../../lib/stock-here';
import { AdjustStockDialog } from './AdjustStockDialog';
import { CountStockDialog } from './CountStockDialog';
import { ProductHereDialog } from './ProductHereDialog';
import { quantityAt, type StockPlace } from './stock-movements';
import { useStockLocations } from './useStockLocations';
import { useStockMovements } from './useStockMovements';

/**
 * A product scanned at a location's page: its stock there and in all, then
 * Count or Adjust fixed to that location, recorded as on the product's page
 * (the same writes, cache changes, toasts and messages on the fields). A
 * recorded movement closes them all, ready for the next scan.
 */
export default function StockHereDialogs({ product, location, onClose }: StockHereProps) {
  const stock = useStockMovements(product.id, () => onClose(true));
  const places = useStockLocations(product.id, { skip: false, withChoices: false });
  const at: StockPlace | undefined = places.levels ? { ...location, quantity: quantityAt(places.levels, location.id) } : undefined;
  const gone = stock.missing ? (
    <p className="stock-dialog__form-error" role="alert">
      {ProductMessages.notFound}
    </p>
  ) : undefined;
  // What the two stock dialogs share, as on the product's page.
  const stockDialog = { quantity: places.total ?? 0, busy: stock.busy, errors: stock.errors, onEdit: stock.clearErrors, onClose: stock.close };
  return (
    <>
      <ProductHereDialog
        isOpen={stock.dialog === null}
        name={product.name}
        locationName={location.name}
        figures={at && places.total !== null ? { here: at.quantity, total: places.total } : null}
        problem={gone ?? places.error}
        onCount={() => stock.open('count')}
        onAdjust={() => stock.open('adjust')}
        onClose={() => onClose(false)}
      />
      {at && (
        <>
          <CountStockDialog isOpen={stock.dialog === 'count'} at={at} onSubmit={stock.count} {...stockDialog} />
          <AdjustStockDialog isOpen={stock.dialog === 'adjust'} at={at} onSubmit={stock.adjust} {...stockDialog} />
        </>
      )}
    </>
  );
}
