import { Button, Checkbox, type ButtonProps } from '@blueprintjs/core';
import { CaretDownIcon, DollarIcon, PercentageIcon, PrintIcon, StarEmptyIcon, StarIcon, TagIcon, TrashIcon, WarningSignIcon, ExchangeIcon } from '@blueprintjs/icons';
import { BulkMessages, countOf } from '@stockroom/schema';
import { forwardRef, type ReactElement } from 'react';
import { DeferredMenu } from '../../../components/DeferredMenu';

export type BulkActionKind = 'category' | 'price' | 'pricePercent' | 'reorderLevel' | 'adjustStock' | 'feature' | 'unfeature' | 'labels' | 'delete';

export const BULK_ACTIONS: ReadonlyArray<{ kind: BulkActionKind; text: string; icon: ReactElement }> = [
  { kind: 'category', text: 'Set category', icon: <TagIcon /> },
  { kind: 'price', text: 'Set price', icon: <DollarIcon /> },
  { kind: 'pricePercent', text: 'Change price by %', icon: <PercentageIcon /> },
  { kind: 'reorderLevel', text: 'Set reorder level', icon: <WarningSignIcon /> },
  { kind: 'adjustStock', text: 'Adjust stock', icon: <ExchangeIcon /> },
  { kind: 'feature', text: 'Feature', icon: <StarIcon /> },
  { kind: 'unfeature', text: 'Unfeature', icon: <StarEmptyIcon /> },
  { kind: 'labels', text: 'Print labels', icon: <PrintIcon /> },
];

const loadBulkActionsPopover = () => import('./BulkActionsPopover').then((module) => module.default);

export interface BulkActionsMenuProps {
  disabled: boolean;
  busy: boolean;
  enabled(kind: BulkActionKind): boolean;
  onAction(kind: BulkActionKind): void;
}

/** A phone's one button for the selection's actions, drawn by its menu and by the menu's stand-in alike. */
export const BulkActionsButton = forwardRef<HTMLButtonElement, ButtonProps & { busy: boolean }>(function BulkActionsButton({ busy, ...buttonProps }, ref) {
  return (
    <Button ref={ref} variant="outlined" endIcon={<CaretDownIcon />} loading={busy} {...buttonProps}>
      Actions
    </Button>
  );
});

export interface ProductSelectionBarProps {
  /** The page checkbox: how much of the shown page is selected. */
  pageState: 'all' | 'some' | 'none';
  onTogglePage(): void;
  /** How many are selected, and whether that is every product the filters match. */
  count: number;
  /** The count is the list's estimated total ("about 60,000"). */
  countIsEstimate: boolean;
  matching: boolean;
  /** The list's total, when "Select all N matching" is on offer. */
  offerMatching: { total: number; estimate: boolean } | null;
  onSelectMatching(): void;
  onClear(): void;
  /** More picked one by one than one request may name. */
  tooMany: boolean;
  /** Labels need each product's values: a selection by filter has none. */
  canPrintLabels: boolean;
  busy: boolean;
  /** One menu for the actions: a phone's width. */
  compact: boolean;
  onAction(kind: BulkActionKind): void;
}

/**
 * Above the list: the page checkbox, what is selected, and once something is,
 * the actions on all of it. On a phone the actions share one menu button,
 * whose menu's code comes after the list (DeferredMenu).
 */
export function ProductSelectionBar(props: ProductSelectionBarProps) {
  const { count, matching, offerMatching, busy } = props;
  const selected = count > 0;
  const disabled = busy || props.tooMany;
  const enabled = (kind: BulkActionKind) => !disabled && (kind !== 'labels' || props.canPrintLabels);
  return (
    <div className={`product-selection${selected ? ' product-selection--active' : ''}`} role="region" aria-label="Selection">
      <div className="product-selection__summary">
        <Checkbox
          className="product-selection__page"
          checked={props.pageState === 'all'}
          indeterminate={props.pageState === 'some'}
          aria-label="Select all products on this page"
          onChange={props.onTogglePage}
          label={selected ? undefined : 'Select page'}
        />
        {selected && (
          <span className="product-selection__count" aria-live="polite">
            {matching ? `All ${props.countIsEstimate ? 'about ' : ''}${countOf(count, 'product')} matching selected` : `${countOf(count, 'product')} selected`}
          </span>
        )}
        {offerMatching && (
          <Button variant="minimal" intent="primary" className="product-selection__matching" onClick={props.onSelectMatching}>
            Select all {offerMatching.estimate ? 'about ' : ''}
            {countOf(offerMatching.total, 'product')} matching
          </Button>
        )}
        {selected && (
          <Button variant="minimal" className="product-selection__clear" onClick={props.onClear}>
            Clear selection
          </Button>
        )}
      </div>
      {props.tooMany && (
        <p className="product-selection__warning" role="alert">
          {BulkMessages.tooManyIds}
        </p>
      )}
      {selected && (
        <div className="product-selection__actions">
          {props.compact ? (
            <DeferredMenu
              load={loadBulkActionsPopover}
              menuProps={{ disabled, enabled, onAction: props.onAction, busy }}
              renderStandIn={(standIn) => <BulkActionsButton {...standIn} disabled={disabled} busy={busy} />}
            />
          ) : (
            BULK_ACTIONS.map((action) => (
              <Button key={action.kind} variant="outlined" icon={action.icon} disabled={!enabled(action.kind)} onClick={() => props.onAction(action.kind)}>
                {action.text}
              </Button>
            ))
          )}
          <Button variant="outlined" intent="danger" icon={<TrashIcon />} disabled={disabled} loading={busy && !props.compact} onClick={() => props.onAction('delete')}>
            Delete
          </Button>
        </div>
      )}
    </div>
  );
}
