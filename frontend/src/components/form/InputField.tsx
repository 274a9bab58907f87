import { InputGroup } from '@blueprintjs/core';
import type { FieldRule } from '@stockroom/schema';
import type { HTMLAttributes, ReactNode } from 'react';
import { RuleField } from './RuleField';

export interface InputFieldProps {
  name: string;
  label: string;
  rule?: FieldRule;
  /** For checks the rule alone does not make (a decimal comma, an empty field that takes a default); used instead of the rule. */
  validate?: (value: unknown, allValues: object) => string | undefined;
  /** What an empty field stands for, e.g. the value the server gives it. */
  placeholder?: string;
  /** The on-screen keyboard to offer: numbers are typed as text so a rule can say "must be a number". */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Id of a <datalist> of suggestions. */
  list?: string;
  helperText?: ReactNode;
  leftElement?: JSX.Element;
}

/** Like TextField, for inputs TextField does not cover: numbers, suggestions, adornments. */
export function InputField({ name, label, rule, validate, helperText, ...control }: InputFieldProps) {
  return (
    <RuleField name={name} label={label} rule={rule} validate={validate} helperText={helperText}>
      {({ input, id, a11y }) => <InputGroup {...input} {...control} {...a11y} id={id} type="text" size="large" autoComplete="off" />}
    </RuleField>
  );
}
