import { Button } from '@blueprintjs/core';
import { SignUpFields, validatePasswordConfirmation } from '@stockroom/schema';
import type { SignUpInput } from '@stockroom/schema/generated/graphql';
import { Form } from 'react-final-form';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form/TextField';
import { FormErrorCallout } from './FormErrorCallout';

export type SignUpValues = SignUpInput & { confirmPassword: string };

export interface SignUpFormProps {
  error: string | null;
  signInHref: string;
  onSubmit(values: SignUpValues): Promise<Record<string, string> | undefined>;
}

const PASSWORD_HELP = 'At least 8 characters with upper case, lower case, a number and a special character.';

export function SignUpForm({ error, signInHref, onSubmit }: SignUpFormProps) {
  return (
    <Form<SignUpValues> onSubmit={onSubmit}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate className="auth-form">
          <FormErrorCallout message={error} />
          <div className="auth-form__pair">
            <TextField
              name="firstName"
              label="First name"
              autoComplete="given-name"
              autoFocus
              rule={SignUpFields.firstName}
            />
            <TextField
              name="lastName"
              label="Last name"
              autoComplete="family-name"
              rule={SignUpFields.lastName}
            />
          </div>
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            rule={SignUpFields.email}
          />
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            helperText={PASSWORD_HELP}
            rule={SignUpFields.password}
          />
          <TextField
            name="confirmPassword"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            validate={(value, all) => validatePasswordConfirmation((all as SignUpValues).password, value)}
          />
          <Button type="submit" intent="primary" size="large" fill loading={submitting}>
            Create Account
          </Button>
          <p className="auth-form__alt">
            Already have an account? <Link to={signInHref}>Sign in</Link>
          </p>
        </form>
      )}
    </Form>
  );
}
