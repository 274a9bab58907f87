import { Button, Callout, Classes, Dialog, HTMLSelect } from '@blueprintjs/core';
import { LocationFields } from '@stockroom/schema';
import { Form } from 'react-final-form';
import { RuleField } from '../../../components/form/RuleField';
import { TextField } from '../../../components/form/TextField';
import type { LocationFormErrors } from '../location-errors';
import type { LocationTreeRow, TreeLocation } from '../location-tree';

export interface LocationFormValues {
  name: string;
  code: string;
  /** '' for the top of the tree. */
  parentId: string;
}

export interface LocationFormDialogProps {
  title: string;
  submitText: string;
  initialValues: LocationFormValues;
  /** Where it may go, in tree order (never inside itself). */
  parents: readonly LocationTreeRow<TreeLocation & { path: string }>[];
  /** Resolves to the server's refusal, on its fields, or undefined once saved. */
  onSubmit(values: LocationFormValues): Promise<LocationFormErrors | undefined>;
  onClose(): void;
}

/** A location's name, code and parent: a new location, or a rename, recode or move of one. */
export function LocationFormDialog({ title, submitText, initialValues, parents, onSubmit, onClose }: LocationFormDialogProps) {
  return (
    <Dialog isOpen title={title} onClose={onClose} className="location-form-dialog">
      <Form<LocationFormValues> initialValues={initialValues} onSubmit={onSubmit}>
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            <div className={Classes.DIALOG_BODY}>
              {typeof submitError === 'string' && (
                <Callout intent="danger" role="alert" className="location-form-dialog__error">
                  {submitError}
                </Callout>
              )}
              <TextField name="name" label="Name" rule={LocationFields.name} autoFocus />
              <TextField name="code" label="Code (optional)" rule={LocationFields.code} helperText="What its label says, such as B3" />
              <RuleField name="parentId" label="Inside">
                {({ input, id, a11y }) => (
                  <HTMLSelect
                    id={id}
                    name={input.name}
                    value={input.value}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    onFocus={input.onFocus}
                    aria-invalid={a11y['aria-invalid']}
                    aria-describedby={a11y['aria-describedby']}
                    fill
                    large
                  >
                    <option value="">Nothing (at the top)</option>
                    {parents.map(({ location }) => (
                      <option key={location.id} value={location.id}>
                        {location.path}
                      </option>
                    ))}
                  </HTMLSelect>
                )}
              </RuleField>
            </div>
            <div className={Classes.DIALOG_FOOTER}>
              <div className={Classes.DIALOG_FOOTER_ACTIONS}>
                <Button onClick={onClose} disabled={submitting}>
                  Cancel
                </Button>
                <Button type="submit" intent="primary" loading={submitting}>
                  {submitText}
                </Button>
              </div>
            </div>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
