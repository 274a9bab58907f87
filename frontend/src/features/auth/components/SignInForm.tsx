import { Button } from '@blueprintjs/core';
import { SignInFields } from '@stockroom/schema';
import type { SignInInput } from '@stockroom/schema/generated/graphql';
import { Form } from 'react-final-form';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form/TextField';
import { FormErrorCallout } from './FormErrorCallout';

export interface SignInFormProps {
  error: string | null;
  forgotPasswordHref: string;
  signUpHref: string;
  onSubmit(values: SignInInput): Promise<Record<string, string> | undefined>;
}

export function SignInForm({ error, forgotPasswordHref, signUpHref, onSubmit }: SignInFormProps) {
  return (
    <Form<SignInInput> onSubmit={onSubmit}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate className="auth-form">
          <FormErrorCallout message={error} />
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            rule={SignInFields.email}
          />
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            rule={SignInFields.password}
          />
          <div className="auth-form__row auth-form__row--end">
            <Link to={forgotPasswordHref}>Forgot password?</Link>
          </div>
          <Button type="submit" intent="primary" size="large" fill loading={submitting}>
            Sign In to Dashboard
          </Button>
          <p className="auth-form__alt">
            New to Stockroom? <Link to={signUpHref}>Create account</Link>
          </p>
        </form>
      )}
    </Form>
  );
}
