import { Button, Classes, Dialog, DialogBody, DialogFooter, H2 } from '@blueprintjs/core';
import { Rules, TransferFields, validateField } from '@stockroom/schema';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatCount } from '../../../lib/format';
import type { StockLevelRow } from './ProductStockLocations';
import { StockLocationSelect, type StockLocationOption } from './StockLocationSelect';
import type { TransferFieldErrors } from './stock-movements';
import { StockNoteField } from './StockNoteField';
import { StockQuantityField } from './StockQuantityField';
import './stock-dialogs.css';

export interface StockTransferRequest {
  fromLocationId: string;
  toLocationId: string;
  quantity: number;
  note: string | null;
}

export interface MoveStockDialogProps {
  /** The place the stock leaves; null while closed. */
  from: StockLevelRow | null;
  locations: readonly StockLocationOption[];
  busy: boolean;
  errors: TransferFieldErrors;
  /** Resolves true once moved (the dialog then closes). */
  onSubmit(request: StockTransferRequest): Promise<boolean>;
  onEdit(): void;
  onClose(): void;
}

/**
 * Moves some of a product's stock from one location to another; the total
 * stays. The quantity is not capped here: the server says how much is there
 * ('Not enough stock at Back room') from the levels as they are now, which
 * someone else may have changed since the page was drawn.
 */
export function MoveStockDialog({ from, locations, busy, errors, onSubmit, onEdit, onClose }: MoveStockDialogProps) {
  const titleId = useId();
  const targets = locations.filter((location) => location.id !== from?.location.id);
  const [target, setTarget] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!from) return;
    setTarget('');
    setQuantity('1');
    setNote('');
    setTouched(false);
  }, [from]);

  const chosenTarget = targets.some((location) => location.id === target) ? target : (targets[0]?.id ?? '');
  const quantityError = (touched ? validateField(TransferFields.quantity, quantity) : undefined) ?? errors.quantity;
  const noteError = (touched ? validateField(Rules.movementNote, note) : undefined) ?? errors.note;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!from || !chosenTarget || validateField(TransferFields.quantity, quantity) || validateField(Rules.movementNote, note)) return;
    await onSubmit({ fromLocationId: from.location.id, toLocationId: chosenTarget, quantity: Number(quantity), note: note.trim() || null });
  };

  return (
    <Dialog isOpen={from !== null} aria-labelledby={titleId} className="stock-dialog" canEscapeKeyClose={!busy} canOutsideClickClose={!busy} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          <H2 id={titleId} className="stock-dialog__title">
            Move stock
          </H2>
          <p className="stock-dialog__current">
            From <strong>{from?.location.path}</strong>, which holds <strong>{formatCount(from?.quantity ?? 0)}</strong>. The total stays the same.
          </p>
          {targets.length === 0 ? (
            <p className="stock-dialog__form-error" role="alert">
              There is no other location to move it to: add one on the Locations page.
            </p>
          ) : (
            <StockLocationSelect
              id="stock-move-target"
              label="To"
              locations={targets}
              value={chosenTarget}
              error={errors.target}
              onChange={(value) => {
                setTarget(value);
                onEdit();
              }}
            />
          )}
          <StockQuantityField
            id="stock-move-quantity"
            label="Quantity"
            value={quantity}
            error={quantityError}
            errorTestId="stock-move-error"
            onChange={(value) => {
              setQuantity(value);
              onEdit();
            }}
          />
          <StockNoteField
            id="stock-move-note"
            value={note}
            error={noteError}
            onChange={(value) => {
              setNote(value);
              onEdit();
            }}
          />
          {errors.form && (
            <p className={`${Classes.TEXT_MUTED} stock-dialog__form-error`} role="alert">
              {errors.form}
            </p>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" disabled={busy} onClick={onClose} />
              <Button type="submit" intent="primary" loading={busy} disabled={targets.length === 0} text="Move" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
