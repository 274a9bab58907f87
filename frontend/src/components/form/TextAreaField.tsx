import { FormGroup, TextArea } from '@blueprintjs/core';
import { validateField, type FieldRule } from '@stockroom/schema';
import type { ReactNode } from 'react';
import { Field } from 'react-final-form';
import { visibleFieldError } from './field-error';

export interface TextAreaFieldProps {
  name: string;
  label: string;
  rule?: FieldRule;
  rows?: number;
  helperText?: ReactNode;
}

/** A labelled multi-line input bound to react-final-form, with the same message rule as TextField. */
export function TextAreaField({ name, label, rule, rows = 4, helperText }: TextAreaFieldProps) {
  const id = `field-${name}`;
  return (
    <Field<string> name={name} validate={rule ? (value: unknown) => validateField(rule, value) : undefined}>
      {({ input, meta }) => {
        const error = visibleFieldError(meta);
        const errorId = `${id}-error`;
        return (
          <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error ? <span id={errorId}>{error}</span> : helperText}>
            <TextArea
              {...input}
              id={id}
              rows={rows}
              fill
              autoResize
              intent={error ? 'danger' : 'none'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
