import { Button, Classes, Dialog, DialogBody, DialogFooter, H2 } from '@blueprintjs/core';
import { ClipboardIcon, ExchangeIcon } from '@blueprintjs/icons';
import { useId, type ReactNode } from 'react';
import { formatCount } from '../../../lib/format';
import './stock-dialogs.css';

export interface ProductHereDialogProps {
  isOpen: boolean;
  name: string;
  locationName: string;
  /** The product's stock at the location itself (not below it) and in all; null while they load. */
  figures: { here: number; total: number } | null;
  /** Instead of the figures: why they could not be read, or why nothing can be recorded any more. */
  problem?: ReactNode;
  onCount(): void;
  onAdjust(): void;
  onClose(): void;
}

/**
 * A product just scanned at a location: how many are there and in all, and the
 * two things to do about it there, as on the product's own page.
 */
export function ProductHereDialog({ isOpen, name, locationName, figures, problem, onCount, onAdjust, onClose }: ProductHereDialogProps) {
  const titleId = useId();
  const ready = figures !== null && !problem;
  return (
    <Dialog isOpen={isOpen} aria-labelledby={titleId} className="stock-dialog product-here" onClose={onClose}>
      <DialogBody>
        <H2 id={titleId} className="stock-dialog__title product-here__name">
          {name}
        </H2>
        {problem ??
          (figures ? (
            <p className="stock-dialog__current">
              <strong data-testid="product-here-quantity">{formatCount(figures.here)}</strong> at {locationName},{' '}
              <strong data-testid="product-here-total">{formatCount(figures.total)}</strong> in all.
            </p>
          ) : (
            <p className={`${Classes.SKELETON} stock-dialog__current`}>Loading stock</p>
          ))}
        <div className="product-here__actions">
          <Button intent="primary" icon={<ClipboardIcon />} disabled={!ready} onClick={onCount}>
            Count here
          </Button>
          <Button icon={<ExchangeIcon />} disabled={!ready} onClick={onAdjust}>
            Add or remove here
          </Button>
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </Dialog>
  );
}
