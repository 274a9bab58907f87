import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { AuthMessages, UserMessages } from '@stockroom/schema';
import { accountFieldErrors } from './profile-errors';

const graphQLError = (message: string, extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });

const PROFILE = new Set(['firstName', 'lastName', 'email'] as const);
const PASSWORD = new Set(['currentPassword', 'newPassword'] as const);

describe('profile errors', () => {
  it('puts a taken email on the email field', () => {
    expect(accountFieldErrors(graphQLError(AuthMessages.emailTaken, { code: 'CONFLICT' }), PROFILE)).toEqual({ email: AuthMessages.emailTaken });
    // The password form has no email field to put it on.
    expect(accountFieldErrors(graphQLError(AuthMessages.emailTaken, { code: 'CONFLICT' }), PASSWORD)).toBeUndefined();
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
