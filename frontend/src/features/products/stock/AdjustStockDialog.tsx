import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, H2, HTMLSelect, SegmentedControl } from '@blueprintjs/core';
import { Rules, validateField, type NumberRule, type StockAdjustmentReason } from '@stockroom/schema';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatCount } from '../../../lib/format';
import { adjustmentLocation, defaultReasonFor, REASON_LABELS, REASONS_BY_DIRECTION, signedDelta, type StockDirection, type StockFieldErrors, type StockPlace } from './stock-movements';
import { StockLocationSelect, type StockLocationOption } from './StockLocationSelect';
import { StockNoteField } from './StockNoteField';
import { StockQuantityField } from './StockQuantityField';
import './stock-dialogs.css';

/** How many units one adjustment moves: a positive whole number, at most the quantity limit; the direction gives the sign. */
const AMOUNT_RULE: NumberRule = { kind: 'number', label: 'Amount', required: true, min: 1, max: Rules.quantity.max, integer: true };

export interface StockAdjustment {
  delta: number;
  reason: StockAdjustmentReason;
  note: string | null;
  /** Where; absent: the workspace's default location. */
  locationId?: string;
}

export interface AdjustStockDialogProps {
  isOpen: boolean;
  /** The product's stock now, said under the title; or what `summary` says instead (many products at once). */
  quantity?: number;
  summary?: ReactNode;
  /** The places to choose from (one product's adjustment); absent or only one: no choice is asked. */
  locations?: readonly StockLocationOption[];
  /** A fixed place instead of a choice: the adjustment is recorded there, and its stock stands under the title. */
  at?: StockPlace;
  busy: boolean;
  /** The server's answer to the last try, on its fields. */
  errors: StockFieldErrors;
  /** Resolves true when the server applied it (the dialog then closes). */
  onSubmit(adjustment: StockAdjustment): Promise<boolean>;
  onEdit(): void;
  onClose(): void;
}

/**
 * Take stock out or add it, with a reason and a note. The direction comes
 * first and offers only the reasons that fit it, its usual one preselected
 * (a sale to take out, a receipt to add), so the pairing the server refuses
 * cannot be chosen.
 */
export function AdjustStockDialog({ isOpen, quantity, summary, locations = [], at, busy, errors, onSubmit, onEdit, onClose }: AdjustStockDialogProps) {
  const titleId = useId();
  const [direction, setDirection] = useState<StockDirection>('remove');
  const [reason, setReason] = useState<StockAdjustmentReason>(defaultReasonFor('remove'));
  const [amount, setAmount] = useState('1');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [location, setLocation] = useState('');
  // Until one is picked (or when the picked one is gone), the default location: the one the server would use.
  const chosenLocation = adjustmentLocation(at, locations, location);

  useEffect(() => {
    if (!isOpen) return;
    setLocation('');
    setDirection('remove');
    setReason(defaultReasonFor('remove'));
    setAmount('1');
    setNote('');
    setTouched(false);
  }, [isOpen]);

  const amountError = (touched ? validateField(AMOUNT_RULE, amount) : undefined) ?? errors.amount;
  const noteError = (touched ? validateField(Rules.movementNote, note) : undefined) ?? errors.note;
  const reasonError = errors.reason;

  const edit = () => onEdit();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (validateField(AMOUNT_RULE, amount) || validateField(Rules.movementNote, note)) return;
    await onSubmit({ delta: signedDelta(direction, Number(amount)), reason, note: note.trim() || null, locationId: chosenLocation });
  };

  return (
    <Dialog isOpen={isOpen} aria-labelledby={titleId} className="stock-dialog" canEscapeKeyClose={!busy} canOutsideClickClose={!busy} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          <H2 id={titleId} className="stock-dialog__title">
            Adjust stock
          </H2>
          <p className="stock-dialog__current">
            {summary ??
              (at ? (
                <>
                  Currently <strong data-testid="stock-adjust-current">{formatCount(at.quantity)}</strong> at {at.name}.
                </>
              ) : (
                <>
                  Currently <strong>{formatCount(quantity ?? 0)}</strong> in stock.
                </>
              ))}
          </p>
          {!at && locations.length > 1 && chosenLocation && (
            <StockLocationSelect
              id="stock-adjust-location"
              label="Location"
              locations={locations}
              value={chosenLocation}
              onChange={(value) => {
                setLocation(value);
                edit();
              }}
            />
          )}
          <FormGroup>
            <SegmentedControl
              className="stock-dialog__direction"
              aria-label="Direction"
              fill
              value={direction}
              options={[
                { value: 'remove', label: 'Take out' },
                { value: 'add', label: 'Add' },
              ]}
              onValueChange={(value) => {
                const next = value as StockDirection;
                setDirection(next);
                setReason(defaultReasonFor(next));
                edit();
              }}
            />
          </FormGroup>
          <FormGroup
            label="Reason"
            labelFor="stock-reason"
            intent={reasonError ? 'danger' : 'none'}
            helperText={reasonError ? <span id="stock-reason-error">{reasonError}</span> : undefined}
          >
            <HTMLSelect
              id="stock-reason"
              fill
              value={reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'stock-reason-error' : undefined}
              onChange={(event) => {
                setReason(event.target.value as StockAdjustmentReason);
                edit();
              }}
              options={REASONS_BY_DIRECTION[direction].map((value) => ({ value, label: REASON_LABELS[value] }))}
            />
          </FormGroup>
          <StockQuantityField
            id="stock-amount"
            label="Amount"
            value={amount}
            error={amountError}
            errorTestId="stock-adjust-error"
            onChange={(value) => {
              setAmount(value);
              edit();
            }}
          />
          <StockNoteField
            id="stock-adjust-note"
            value={note}
            error={noteError}
            onChange={(value) => {
              setNote(value);
              edit();
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
              <Button type="submit" intent="primary" loading={busy} text="Save adjustment" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
