import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { AuthMessages, UserMessages } from '@stockroom/schema';
import { accountFieldErrors } from './profile-errors';

const graphQLError = (message: string, extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });

const PROFILE = new Set(['firstName', 'lastName', 'email'] as const);
const PASSWORD = new Set(['currentPassword', 'newPassword'] as const);

describe('profile errors', () => {
  it('puts a taken email on the email field from fields.email', () => {
    const taken = graphQLError(AuthMessages.emailTaken, { code: 'CONFLICT', fields: { email: AuthMessages.emailTaken } });
    expect(accountFieldErrors(taken, PROFILE)).toEqual({ email: AuthMessages.emailTaken });
    // The password form has no email field to put it on.
    expect(accountFieldErrors(taken, PASSWORD)).toBeUndefined();
  });

  it('reads the field from fields, never from the text of the message', () => {
    // The message alone names no field: nothing is guessed from its words.
    expect(accountFieldErrors(graphQLError(AuthMessages.emailTaken, { code: 'CONFLICT' }), PROFILE)).toBeUndefined();
    // Whatever the server words it, the field it names gets the message.
    expect(accountFieldErrors(graphQLError('That address is in use', { code: 'CONFLICT', fields: { email: 'That address is in use' } }), PROFILE)).toEqual({
      email: 'That address is in use',
    });
  });

  it("keeps the server's field messages for the form's own fields only", () => {
    const error = graphQLError(UserMessages.currentPasswordWrong, {
      code: 'BAD_USER_INPUT',
      fields: { currentPassword: UserMessages.currentPasswordWrong, other: 'x' },
    });
    expect(accountFieldErrors(error, PASSWORD)).toEqual({ currentPassword: 'Current password is incorrect' });
    expect(accountFieldErrors(graphQLError('Server error. Please try again later', { code: 'INTERNAL_SERVER_ERROR' }), PROFILE)).toBeUndefined();
  });
});
