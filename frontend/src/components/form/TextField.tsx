import { FormGroup, InputGroup } from '@blueprintjs/core';
import { validateField, type FieldRule } from '@stockroom/schema';
import type { ReactNode } from 'react';
import { Field } from 'react-final-form';

export interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  helperText?: ReactNode;
  /** A shared rule from @stockroom/schema: the field shows the same message the server would. */
  rule?: FieldRule;
  /** For checks that need other fields (e.g. password confirmation). */
  validate?: (value: unknown, allValues: object) => string | undefined;
}

/**
 * A labelled input bound to react-final-form. A rule's message shows once
 * the person has typed in the field and left it, or tried to submit, and then
 * follows every keystroke; a server message shows until the field is edited.
 * Merely leaving an empty field says nothing: the message would shift the
 * layout under a click on a link below (an autofocused field blurs on it).
 */
export function TextField({ name, label, type = 'text', autoComplete, autoFocus, helperText, rule, validate: check }: TextFieldProps) {
  const id = `field-${name}`;
  const validate = check ?? (rule ? (value: unknown) => validateField(rule, value) : undefined);
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => {
        const serverError = !meta.dirtySinceLastSubmit ? (meta.submitError as string | undefined) : undefined;
        const shown = (meta.touched && meta.modified) || meta.submitFailed;
        const error = (shown && (meta.error as string | undefined)) || serverError;
        const errorId = `${id}-error`;
        return (
          <FormGroup
            label={label}
            labelFor={id}
            intent={error ? 'danger' : 'none'}
            helperText={error ? <span id={errorId}>{error}</span> : helperText}
          >
            <InputGroup
              {...input}
              id={id}
              type={type}
              size="large"
              autoComplete={autoComplete}
              autoFocus={autoFocus}
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
