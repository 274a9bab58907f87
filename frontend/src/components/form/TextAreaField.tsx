import { TextArea } from '@blueprintjs/core';
import type { FieldRule } from '@stockroom/schema';
import type { ReactNode } from 'react';
import { RuleField } from './RuleField';

export interface TextAreaFieldProps {
  name: string;
  label: string;
  rule?: FieldRule;
  /** For checks the rule alone does not make; used instead of the rule. */
  validate?: (value: unknown, allValues: object) => string | undefined;
  /** What an empty field stands for, e.g. the value the server gives it. */
  placeholder?: string;
  helperText?: ReactNode;
}

/** A labelled multi-line input bound to react-final-form, with the same message rule as TextField. */
export function TextAreaField({ name, label, rule, validate, placeholder, helperText }: TextAreaFieldProps) {
  return (
    <RuleField name={name} label={label} rule={rule} validate={validate} helperText={helperText}>
      {({ input, id, a11y }) => <TextArea {...input} {...a11y} id={id} rows={4} fill autoResize placeholder={placeholder} />}
    </RuleField>
  );
}
