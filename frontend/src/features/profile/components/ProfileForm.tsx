import { Button } from '@blueprintjs/core';
import { EmailChangeFields, ProfileFields } from '@stockroom/schema';
import { Form } from 'react-final-form';
import { LinkButton } from '../../../components/LinkButton';
import { TextField } from '../../../components/form/TextField';
import { submitFocusingFirstError } from '../../../components/form/focus-first-error';
import { emailChanges, type ProfileFormValues } from '../profile-form-values';

export interface ProfileFormProps {
  initialValues: ProfileFormValues;
  /** Resolves to the server's per-field messages, or undefined on success. */
  onSubmit(values: ProfileFormValues): Promise<Partial<Record<keyof ProfileFormValues, string>> | undefined>;
  cancelHref: string;
  /** Whether a new email asks for the current password: not of an account whose password nobody chose (it confirms it is you another way). */
  asksPassword: boolean;
}

/**
 * The profile edit: first name, last name, email, Update Profile and
 * Cancel. While the email differs from the stored one the form also asks for
 * the current password (`asksPassword`), which the server takes for a new
 * address, as it takes a recent sign-in or step-up.
 */
export function ProfileForm({ initialValues, onSubmit, cancelHref, asksPassword }: ProfileFormProps) {
  return (
    <Form<ProfileFormValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting, form, values }) => (
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
          {asksPassword && emailChanges(initialValues.email, values.email ?? '') && (
            <TextField
              name="currentPassword"
              label="Current password"
              type="password"
              autoComplete="current-password"
              rule={EmailChangeFields.currentPassword}
              helperText="Changing your email needs your password."
            />
          )}
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

