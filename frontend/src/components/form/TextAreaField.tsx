import { TextArea } from '@blueprintjs/core';
import type { FieldRule } from '@stockroom/schema';
import type { ReactNode } from 'react';
import { RuleField } from './RuleField';

export interface TextAreaFieldProps {
  name: string;
  label: string;
  rule?: FieldRule;
  helperText?: ReactNode;
}

/** A labelled multi-line input bound to react-final-form, with the same message rule as TextField. */
export function TextAreaField({ name, label, rule, helperText }: TextAreaFieldProps) {
  return (
    <RuleField name={name} label={label} rule={rule} helperText={helperText}>
      {({ input, id, a11y }) => <TextArea {...input} {...a11y} id={id} rows={4} fill autoResize />}
    </RuleField>
  );
}
