import { InputGroup } from '@blueprintjs/core';
import type { FieldRule } from '@stockroom/schema';
import type { ReactNode } from 'react';
import { RuleField } from './RuleField';

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
 * A labelled input bound to react-final-form. Its message shows by
 * visibleFieldError's rule (RuleField): a rule's message once the person has
 * typed in the field and left it, or tried to submit, and then on every
 * keystroke; a server message until the field is edited. Merely leaving an
 * empty field says nothing: the message would shift the layout under a click
 * on a link below (an autofocused field blurs on it).
 */
export function TextField({ name, label, type = 'text', autoComplete, autoFocus, helperText, rule, validate }: TextFieldProps) {
  return (
    <RuleField name={name} label={label} rule={rule} validate={validate} helperText={helperText}>
      {({ input, id, a11y }) => (
        <InputGroup {...input} {...a11y} id={id} type={type} size="large" autoComplete={autoComplete} autoFocus={autoFocus} />
      )}
    </RuleField>
  );
}
