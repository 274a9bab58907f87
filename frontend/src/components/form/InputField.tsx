import { InputGroup } from '@blueprintjs/core';
import type { FieldRule } from '@stockroom/schema';
import type { HTMLAttributes, ReactNode } from 'react';
import { RuleField } from './RuleField';

export interface InputFieldProps {
  name: string;
  label: string;
  rule?: FieldRule;
  /** The on-screen keyboard to offer: numbers are typed as text so a rule can say "must be a number". */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Id of a <datalist> of suggestions. */
  list?: string;
  helperText?: ReactNode;
  leftElement?: JSX.Element;
}

/** Like TextField, for inputs TextField does not cover: numbers, suggestions, adornments. */
export function InputField({ name, label, rule, helperText, ...control }: InputFieldProps) {
  return (
    <RuleField name={name} label={label} rule={rule} helperText={helperText}>
      {({ input, id, a11y }) => <InputGroup {...input} {...control} {...a11y} id={id} type="text" size="large" autoComplete="off" />}
    </RuleField>
  );
}
