import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { StockLocationOptionsQuery } from '@stockroom/schema/generated/graphql';

export type StockLocationOption = StockLocationOptionsQuery['locations'][number];

export interface StockLocationSelectProps {
  id: string;
  label: string;
  locations: readonly StockLocationOption[];
  value: string;
  error?: string;
  onChange(locationId: string): void;
}

/** A choice of one of the workspace's locations, by path ("Back room / Shelf B3"), as the stock dialogs ask it. */
export function StockLocationSelect({ id, label, locations, value, error, onChange }: StockLocationSelectProps) {
  const errorId = `${id}-error`;
  return (
    <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error ? <span id={errorId}>{error}</span> : undefined}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        options={locations.map((location) => ({ value: location.id, label: location.path }))}
      />
    </FormGroup>
  );
}
