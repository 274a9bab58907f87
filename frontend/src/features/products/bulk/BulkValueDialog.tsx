import { Button, Dialog, DialogBody, DialogFooter, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { validateField, type FieldRule } from '@stockroom/schema';
import { useEffect, useId, useState, type FormEvent, type HTMLAttributes, type ReactNode } from 'react';
import '../stock/stock-dialogs.css';

export interface BulkValueDialogProps {
  isOpen: boolean;
  title: string;
  /** What the change does to the selection ("Sets the category of 12 products."). */
  summary: ReactNode;
  label: string;
  /** The product's own rule for the field: the dialog says what the server would. */
  rule: FieldRule;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Suggestions (the user's categories). */
  suggestions?: readonly string[];
  helperText?: string;
  submitText: string;
  busy: boolean;
  /** The server's refusal of the last try. */
  error?: string;
  /** The text as typed; resolves once the server has answered. */
  onSubmit(value: string): Promise<void>;
  onClose(): void;
}

/** One value set on every selected product: a category, a reorder level. */
export function BulkValueDialog({ isOpen, title, summary, label, rule, inputMode, suggestions, helperText, submitText, busy, error, onSubmit, onClose }: BulkValueDialogProps) {
  const titleId = useId();
  const fieldId = useId();
  const listId = useId();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setValue('');
    setTouched(false);
  }, [isOpen]);

  const fieldError = (touched ? validateField(rule, value) : undefined) ?? error;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (validateField(rule, value)) return;
    await onSubmit(value);
  };

  return (
    <Dialog isOpen={isOpen} aria-labelledby={titleId} className="stock-dialog" canEscapeKeyClose={!busy} canOutsideClickClose={!busy} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          <H2 id={titleId} className="stock-dialog__title">
            {title}
          </H2>
          <p className="stock-dialog__current">{summary}</p>
          <FormGroup
            label={label}
            labelFor={fieldId}
            intent={fieldError ? 'danger' : 'none'}
            helperText={fieldError ? <span id={`${fieldId}-error`}>{fieldError}</span> : helperText}
          >
            <InputGroup
              id={fieldId}
              autoFocus
              autoComplete="off"
              inputMode={inputMode}
              list={suggestions ? listId : undefined}
              value={value}
              intent={fieldError ? 'danger' : 'none'}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${fieldId}-error` : undefined}
              onChange={(event) => setValue(event.target.value)}
            />
            {suggestions && (
              <datalist id={listId}>
                {suggestions.map((option) => (
                  <option key={option} value={option} />
                ))}
              </datalist>
            )}
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" disabled={busy} onClick={onClose} />
              <Button type="submit" intent="primary" loading={busy} text={submitText} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
