import { Button, Classes, Dialog, DialogBody, DialogFooter, H2 } from '@blueprintjs/core';
import { Rules, validateField } from '@stockroom/schema';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatCount } from '../../../lib/format';
import { countTarget, type StockFieldErrors, type StockPlace } from './stock-movements';
import type { StockLevelRow } from './ProductStockLocations';
import { StockLocationSelect, type StockLocationOption } from './StockLocationSelect';
import { StockNoteField } from './StockNoteField';
import { StockQuantityField } from './StockQuantityField';
import './stock-dialogs.css';

const COUNTED_RULE = { ...Rules.quantity, label: 'Counted quantity' };

export interface StockCount {
  quantity: number;
  note: string | null;
  /** Where it was counted; absent: the workspace's default location. */
  locationId?: string;
}

export interface CountStockDialogProps {
  isOpen: boolean;
  quantity: number;
  /** The places to choose from and the stock at each; absent or only one place: the count is of the total. */
  locations?: readonly StockLocationOption[];
  levels?: readonly StockLevelRow[];
  /** A fixed place instead of a choice: the count is of the stock there, and replaces only that. */
  at?: StockPlace;
  busy: boolean;
  errors: StockFieldErrors;
  /** Resolves true when the server recorded it (the dialog then closes). */
  onSubmit(count: StockCount): Promise<boolean>;
  onEdit(): void;
  onClose(): void;
}

/**
 * A stocktake: the quantity found on the shelf becomes the quantity, and the
 * difference is recorded. The field starts at the current quantity, so a
 * count that found what was expected is one click (it is still recorded).
 */
export function CountStockDialog({ isOpen, quantity, locations = [], levels, at, busy, errors, onSubmit, onEdit, onClose }: CountStockDialogProps) {
  const titleId = useId();
  // At a chosen or fixed place, what is expected is the stock there; the count replaces only that.
  const targetAt = (locationId: string | undefined) => countTarget({ at, locations, levels, quantity }, locationId);
  const start = targetAt(undefined);
  const [location, setLocation] = useState(start.locationId);
  const [counted, setCounted] = useState(String(start.expected));
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const { locationId: chosenLocation, expected, choosing } = targetAt(location);

  useEffect(() => {
    if (!isOpen) return;
    setLocation(start.locationId);
    setCounted(String(start.expected));
    setNote('');
    setTouched(false);
    // Only on opening: a quantity changing meanwhile must not overwrite what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the quantity is read on opening only, as said above
  }, [isOpen]);

  const countedError = (touched ? validateField(COUNTED_RULE, counted) : undefined) ?? errors.amount;
  const noteError = (touched ? validateField(Rules.movementNote, note) : undefined) ?? errors.note;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (validateField(COUNTED_RULE, counted) || validateField(Rules.movementNote, note)) return;
    await onSubmit({ quantity: Number(counted), note: note.trim() || null, locationId: chosenLocation });
  };

  return (
    <Dialog isOpen={isOpen} aria-labelledby={titleId} className="stock-dialog" canEscapeKeyClose={!busy} canOutsideClickClose={!busy} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          <H2 id={titleId} className="stock-dialog__title">
            Count stock
          </H2>
          <p className="stock-dialog__current">
            The system expects <strong data-testid="stock-count-expected">{formatCount(expected)}</strong>
            {at ? ` at ${at.name}` : chosenLocation ? ' there' : ''}. Enter what is on the shelf; the difference is recorded as a stock count.
          </p>
          {choosing && chosenLocation && (
            <StockLocationSelect
              id="stock-count-location"
              label="Location"
              locations={locations}
              value={chosenLocation}
              onChange={(value) => {
                setLocation(value);
                setCounted(String(targetAt(value).expected));
                onEdit();
              }}
            />
          )}
          <StockQuantityField
            id="stock-counted"
            label="Counted quantity"
            value={counted}
            error={countedError}
            errorTestId="stock-count-error"
            onChange={(value) => {
              setCounted(value);
              onEdit();
            }}
          />
          <StockNoteField
            id="stock-count-note"
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
              <Button type="submit" intent="primary" loading={busy} text="Save count" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
