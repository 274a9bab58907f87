import { FormGroup, TextArea } from '@blueprintjs/core';
import { Rules } from '@stockroom/schema';

const NOTE_MAX = Rules.movementNote.max;

export interface StockNoteFieldProps {
  id: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}

/**
 * The optional note beside a stock movement, with a counter of the characters
 * left. The field accepts more than the limit so a pasted note is not cut
 * silently; the counter and the shared rule's message say what is too much.
 */
export function StockNoteField({ id, value, error, onChange }: StockNoteFieldProps) {
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const length = [...value].length;
  return (
    <FormGroup
      label="Note"
      labelFor={id}
      labelInfo="(optional)"
      intent={error ? 'danger' : 'none'}
      helperText={
        <>
          {error && (
            <span id={errorId} className="stock-dialog__error">
              {error}
            </span>
          )}
          <span id={counterId} className="stock-dialog__counter">
            {length} / {NOTE_MAX}
          </span>
        </>
      }
    >
      <TextArea
        id={id}
        fill
        rows={2}
        value={value}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${counterId}` : counterId}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormGroup>
  );
}
