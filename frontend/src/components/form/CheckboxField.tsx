import { Checkbox } from '@blueprintjs/core';
import { Field } from 'react-final-form';

/** A labelled checkbox bound to a boolean react-final-form value. */
export function CheckboxField({ name, label }: { name: string; label: string }) {
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input }) => (
        <Checkbox id={`field-${name}`} name={input.name} checked={input.checked ?? false} onChange={input.onChange} onBlur={input.onBlur} onFocus={input.onFocus} label={label} />
      )}
    </Field>
  );
}
