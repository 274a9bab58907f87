import { FormGroup, InputGroup } from '@blueprintjs/core';

export interface StockQuantityFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  /** The error's test id, which the browser tests read. */
  errorTestId: string;
  onChange(value: string): void;
}

/**
 * A whole number of items typed for a stock movement (an amount, a counted quantity, a quantity
 * moved): a numeric keypad on a phone, and the shared rule's message under the field.
 */
export function StockQuantityField({ id, label, value, error, errorTestId, onChange }: StockQuantityFieldProps) {
  const errorId = `${id}-error`;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={error ? 'danger' : 'none'}
      helperText={
        error ? (
          <span id={errorId} data-testid={errorTestId}>
            {error}
          </span>
        ) : undefined
      }
    >
      <InputGroup
        id={id}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormGroup>
  );
}
