import { Button, Checkbox, FormGroup } from '@blueprintjs/core';
import { EVENT_TYPES, validateWebhookInput, WebhookFields, type EventType } from '@stockroom/schema';
import { Field, Form } from 'react-final-form';
import { TextField } from '../../../components/form/TextField';
import { submitFocusingFirstError } from '../../../components/form/focus-first-error';

export interface WebhookFormValues {
  url: string;
  events: EventType[];
}

export const EMPTY_WEBHOOK_FORM: WebhookFormValues = { url: '', events: ['stock.low', 'stock.out'] };

/** What each event means, as the form's checkboxes say it. */
export const EVENT_LABELS: Record<EventType, string> = {
  'product.created': 'product.created: a product was added',
  'product.updated': 'product.updated: a product was edited',
  'product.deleted': 'product.deleted: a product was moved to the trash',
  'product.restored': 'product.restored: a product came back from the trash',
  'stock.changed': 'stock.changed: any change of quantity',
  'stock.low': 'stock.low: a product ran low',
  'stock.out': 'stock.out: a product ran out',
};

export interface WebhookCreateFormProps {
  disabled: boolean;
  /** Resolves to the server's per-field messages, or undefined on success. */
  onSubmit(values: WebhookFormValues): Promise<Partial<Record<keyof WebhookFormValues, string>> | undefined>;
}

/** The events checked before sending; the URL's own rule is the text field's. */
const validateEvents = (values: WebhookFormValues) => {
  const { events } = validateWebhookInput({ events: values.events }, { partial: true });
  return events ? { events } : {};
};

/** A new webhook's URL and the events it gets. */
export function WebhookCreateForm({ disabled, onSubmit }: WebhookCreateFormProps) {
  return (
    <Form<WebhookFormValues> onSubmit={onSubmit} initialValues={EMPTY_WEBHOOK_FORM} validate={validateEvents}>
      {({ handleSubmit, submitting, form }) => (
        <form onSubmit={(event) => submitFocusingFirstError(event, handleSubmit, form)} noValidate aria-label="Create webhook" className="webhook-form">
          <TextField name="url" label="URL" rule={WebhookFields.url} helperText="https://… where your system receives the events." />
          <Field<EventType[]> name="events">
            {({ input, meta }) => {
              const error = (meta.touched || meta.submitFailed) && (meta.error || (!meta.dirtySinceLastSubmit && meta.submitError));
              const checked = new Set(input.value || []);
              const toggle = (type: EventType, on: boolean) => input.onChange(EVENT_TYPES.filter((t) => (t === type ? on : checked.has(t))));
              return (
                <FormGroup intent={error ? 'danger' : undefined} helperText={error || undefined}>
                  <fieldset className="webhook-form__events" id="field-events">
                    <legend className="webhook-form__legend">Events</legend>
                    {EVENT_TYPES.map((type) => (
                      <Checkbox key={type} checked={checked.has(type)} label={EVENT_LABELS[type]} onChange={(event) => toggle(type, event.currentTarget.checked)} onBlur={input.onBlur} />
                    ))}
                  </fieldset>
                </FormGroup>
              );
            }}
          </Field>
          <div className="profile-form__actions">
            <Button type="submit" intent="primary" size="large" loading={submitting} disabled={disabled}>
              Create Webhook
            </Button>
          </div>
        </form>
      )}
    </Form>
  );
}
