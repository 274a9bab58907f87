import { Button } from '@blueprintjs/core';
import { ProfileFields } from '@stockroom/schema';
import { Form } from 'react-final-form';
import { LinkButton } from '../../../components/LinkButton';
import { TextField } from '../../../components/form/TextField';
import { submitFocusingFirstError } from '../../../components/form/focus-first-error';
import type { ProfileFormValues } from '../profile-form-values';

export interface ProfileFormProps {
  initialValues: ProfileFormValues;
  /** Resolves to the server's per-field messages, or undefined on success. */
  onSubmit(values: ProfileFormValues): Promise<Partial<Record<keyof ProfileFormValues, string>> | undefined>;
  cancelHref: string;
}

/** Section 2's profile edit: first name, last name, email, Update Profile and Cancel. */
export function ProfileForm({ initialValues, onSubmit, cancelHref }: ProfileFormProps) {
  return (
    <Form<ProfileFormValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting, form }) => (
        <form onSubmit={(event) => submitFocusingFirstError(event, handleSubmit, form)} noValidate aria-label="Edit profile">
          <div className="profile-form__row">
            <TextField name="firstName" label="First name" autoComplete="given-name" rule={ProfileFields.firstName} />
            <TextField name="lastName" label="Last name" autoComplete="family-name" rule={ProfileFields.lastName} />
          </div>
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            rule={ProfileFields.email}
            helperText="A new address must be verified: we email it a link."
          />
          <div className="profile-form__actions">
            <Button type="submit" intent="primary" size="large" loading={submitting}>
              Update Profile
            </Button>
            <LinkButton size="large" variant="outlined" to={cancelHref}>
              Cancel
            </LinkButton>
          </div>
        </form>
      )}
    </Form>
  );
}

