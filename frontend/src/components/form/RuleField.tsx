import { FormGroup } from '@blueprintjs/core';
import { validateField, type FieldRule } from '@stockroom/schema';
import { useId, type ReactNode } from 'react';
import { Field, type FieldInputProps } from 'react-final-form';
import { visibleFieldError } from './field-error';

/** What a control needs to show its field's value and state. */
export interface RuleFieldControl {
  input: FieldInputProps<string>;
  id: string;
  error: string | undefined;
  /** Spread on the control: intent and the ARIA link to the message. */
  a11y: { intent: 'danger' | 'none'; 'aria-invalid'?: true; 'aria-describedby'?: string };
}

export interface RuleFieldProps {
  name: string;
  label: string;
  /** A shared rule from @stockroom/schema: the field shows the same message the server would. */
  rule?: FieldRule;
  /** For checks that need other fields (e.g. password confirmation); used instead of the rule. */
  validate?: (value: unknown, allValues: object) => string | undefined;
  helperText?: ReactNode;
  children(control: RuleFieldControl): ReactNode;
}

/**
 * A labelled react-final-form field checked by a shared rule, whatever the
 * control inside (input, textarea), showing its message by the one rule of
 * visibleFieldError.
 */
export function RuleField({ name, label, rule, validate: check, helperText, children }: RuleFieldProps) {
  // Unique on the page: two forms on one screen may each have a field of one name (the profile's two "Current password"s), and a label finds its input by id.
  const id = `field-${name}-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const errorId = `${id}-error`;
  const validate = check ?? (rule ? (value: unknown) => validateField(rule, value) : undefined);
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => {
        const error = visibleFieldError(meta);
        const a11y = error
          ? { intent: 'danger' as const, 'aria-invalid': true as const, 'aria-describedby': errorId }
          : { intent: 'none' as const };
        return (
          <FormGroup label={label} labelFor={id} intent={a11y.intent} helperText={error ? <span id={errorId}>{error}</span> : helperText}>
            {children({ input, id, error, a11y })}
          </FormGroup>
        );
      }}
    </Field>
  );
}
