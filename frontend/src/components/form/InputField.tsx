import { FormGroup, InputGroup } from '@blueprintjs/core';
import { validateField, type FieldRule } from '@stockroom/schema';
import type { HTMLAttributes, ReactNode } from 'react';
import { Field } from 'react-final-form';
import { visibleFieldError } from './field-error';

export interface InputFieldProps {
  name: string;
  label: string;
  /** A shared rule from @stockroom/schema: the field shows the same message the server would. */
  rule?: FieldRule;
  /** The on-screen keyboard to offer: numbers are typed as text so a rule can say "must be a number". */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Id of a <datalist> of suggestions. */
  list?: string;
  placeholder?: string;
  autoFocus?: boolean;
  helperText?: ReactNode;
  leftElement?: JSX.Element;
  rightElement?: JSX.Element;
}

/** Like TextField, for inputs TextField does not cover: numbers, suggestions, adornments. */
export function InputField({ name, label, rule, inputMode, list, placeholder, autoFocus, helperText, leftElement, rightElement }: InputFieldProps) {
  const id = `field-${name}`;
  return (
    <Field<string> name={name} validate={rule ? (value: unknown) => validateField(rule, value) : undefined}>
      {({ input, meta }) => {
        const error = visibleFieldError(meta);
        const errorId = `${id}-error`;
        return (
          <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error ? <span id={errorId}>{error}</span> : helperText}>
            <InputGroup
              {...input}
              id={id}
              type="text"
              size="large"
              inputMode={inputMode}
              list={list}
              placeholder={placeholder}
              autoFocus={autoFocus}
              autoComplete="off"
              leftElement={leftElement}
              rightElement={rightElement}
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
