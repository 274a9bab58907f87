import { TrashIcon } from '@blueprintjs/icons';
import { countOf, PricePercentRule, Rules, TRASH_RETENTION_DAYS } from '@stockroom/schema';
import { lazy, Suspense } from 'react';
import { ConfirmAlert } from '../../../components/ConfirmAlert';
import { formatCurrency } from '../../../lib/format';
import type { useBulkActions } from './useBulkActions';
import { AdjustStockDialog } from '../stock/AdjustStockDialog';
import { BulkValueDialog } from './BulkValueDialog';

/** The preview and the barcode library load when labels are first asked for. */
const PrintLabelsDialog = lazy(() => import('../../../components/labels/PrintLabelsDialog'));

export interface ProductBulkDialogsProps {
  bulk: ReturnType<typeof useBulkActions>;
  /** How many products the selection holds. */
  count: number;
  /** The user's categories, suggested for "Set category". */
  categories: readonly string[];
}

/** The dialogs of the selection bar's actions, one open at a time. */
export function ProductBulkDialogs({ bulk, count, categories }: ProductBulkDialogsProps) {
  const { dialog, busy, close } = bulk;
  const selected = <strong>{countOf(count, 'product')}</strong>;
  return (
    <>
      <BulkValueDialog
        isOpen={dialog === 'category'}
        title="Set category"
        summary={<>Moves {selected} to one category.</>}
        label="Category"
        rule={Rules.category}
        suggestions={categories}
        submitText="Set category"
        busy={busy}
        error={bulk.valueError}
        onSubmit={bulk.setCategory}
        onClose={close}
      />
      <BulkValueDialog
        isOpen={dialog === 'price'}
        title="Set price"
        summary={<>Sets one price on {selected}.</>}
        label="Price"
        rule={Rules.price}
        inputMode="decimal"
        submitText="Set price"
        busy={busy}
        error={bulk.valueError}
        onSubmit={bulk.setPrice}
        onClose={close}
      />
      <BulkValueDialog
        isOpen={dialog === 'pricePercent'}
        title="Change price by %"
        summary={<>Raises (10) or lowers (-5) the price of each of {selected} by a percentage, rounded to the cent.</>}
        label="Change (%)"
        rule={PricePercentRule}
        inputMode="decimal"
        helperText={`Each new price must stay between ${formatCurrency(Rules.price.min)} and ${formatCurrency(Rules.price.max)}, or none changes.`}
        submitText="Change price"
        busy={busy}
        error={bulk.valueError}
        onSubmit={bulk.changePriceByPercent}
        onClose={close}
      />
      <BulkValueDialog
        isOpen={dialog === 'reorderLevel'}
        title="Set reorder level"
        summary={<>Sets the reorder level of {selected}: each shows as low stock at or under it.</>}
        label="Reorder level"
        rule={Rules.reorderLevel}
        inputMode="numeric"
        helperText="Leave empty to remove the reorder level."
        submitText="Set reorder level"
        busy={busy}
        error={bulk.valueError}
        onSubmit={bulk.setReorderLevel}
        onClose={close}
      />
      <AdjustStockDialog
        isOpen={dialog === 'adjustStock'}
        summary={<>The same amount for each of {selected}.</>}
        busy={busy}
        errors={bulk.stockErrors}
        onSubmit={bulk.adjustStock}
        onEdit={bulk.clearStockErrors}
        onClose={close}
      />
      <ConfirmAlert
        className="delete-alert"
        titleClassName="delete-alert__title"
        isOpen={dialog === 'delete'}
        title={`Delete ${countOf(count, 'product')}?`}
        icon={<TrashIcon size={40} className="delete-alert__icon" />}
        confirmText="Delete"
        busy={busy}
        onConfirm={() => void bulk.remove()}
        onCancel={close}
      >
        <p>
          {selected} will be moved to the trash. You can restore them from there for {TRASH_RETENTION_DAYS} days.
        </p>
      </ConfirmAlert>
      {dialog === 'labels' && (
        <Suspense fallback={null}>
          <PrintLabelsDialog labels={bulk.labels()} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
