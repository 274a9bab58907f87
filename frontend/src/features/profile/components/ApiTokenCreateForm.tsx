import { Button, FormGroup, HTMLSelect, Radio, RadioGroup } from '@blueprintjs/core';
import { API_TOKEN_LIFETIMES, ApiTokenFields, type ApiTokenLifetime } from '@stockroom/schema';
import { Field, Form } from 'react-final-form';
import { TextField } from '../../../components/form/TextField';
import { submitFocusingFirstError } from '../../../components/form/focus-first-error';

export interface ApiTokenFormValues {
  name: string;
  access: 'read' | 'write';
  /** Days, as the select holds it; 'never' for no expiry. */
  lifetime: string;
}

export const EMPTY_API_TOKEN_FORM: ApiTokenFormValues = { name: '', access: 'read', lifetime: '90' };

const lifetimeLabel = (days: ApiTokenLifetime) => (days === null ? 'Never' : days === 365 ? '1 year' : `${days} days`);

export interface ApiTokenCreateFormProps {
  disabled: boolean;
  /** Resolves to the server's per-field messages, or undefined on success. */
  onSubmit(values: ApiTokenFormValues): Promise<Partial<Record<keyof ApiTokenFormValues, string>> | undefined>;
}

/** A new token's name, what it may do and when it expires. */
export function ApiTokenCreateForm({ disabled, onSubmit }: ApiTokenCreateFormProps) {
  return (
    <Form<ApiTokenFormValues> onSubmit={onSubmit} initialValues={EMPTY_API_TOKEN_FORM}>
      {({ handleSubmit, submitting, form }) => (
        <form onSubmit={(event) => submitFocusingFirstError(event, handleSubmit, form)} noValidate aria-label="Create API token" className="api-token-form">
          <TextField name="name" label="Token name" rule={ApiTokenFields.name} helperText="What the token is for, e.g. 'Shop sync'." />
          <Field<string> name="access">
            {({ input }) => (
              <RadioGroup label="Access" name="access" selectedValue={input.value} onChange={(event) => input.onChange(event.currentTarget.value)}>
                <Radio value="read" label="Read only: products, stats, stock history and the dashboard" />
                <Radio value="write" label="Read and write: also create, change and delete products and adjust stock" />
              </RadioGroup>
            )}
          </Field>
          <Field<string> name="lifetime">
            {({ input }) => (
              <FormGroup label="Expires after" labelFor="field-lifetime">
                <HTMLSelect id="field-lifetime" value={input.value} onChange={(event) => input.onChange(event.currentTarget.value)} large>
                  {API_TOKEN_LIFETIMES.map((days) => (
                    <option key={String(days)} value={days === null ? 'never' : String(days)}>
                      {lifetimeLabel(days)}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            )}
          </Field>
          <div className="profile-form__actions">
            <Button type="submit" intent="primary" size="large" loading={submitting} disabled={disabled}>
              Create Token
            </Button>
          </div>
        </form>
      )}
    </Form>
  );
}
