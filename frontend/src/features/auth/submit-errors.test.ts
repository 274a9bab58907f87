import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { AuthMessages } from '@stockroom/schema';
import { submitErrorsOf } from './submit-errors';

const failed = (message: string, extensions: Record<string, unknown>) => ({
  ok: false as const,
  message,
  error: new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] }),
});

describe('sign-up submit errors', () => {
  it('puts a taken email on the email field from fields.email', () => {
    expect(submitErrorsOf(failed(AuthMessages.emailTaken, { code: 'CONFLICT', fields: { email: AuthMessages.emailTaken } }))).toEqual({
      email: AuthMessages.emailTaken,
    });
  });

  it('guesses no field from the text of a message', () => {
    expect(submitErrorsOf(failed(AuthMessages.emailTaken, { code: 'CONFLICT' }))).toBeUndefined();
    expect(submitErrorsOf({ ok: true })).toBeUndefined();
  });
});
