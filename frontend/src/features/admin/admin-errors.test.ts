import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { AuthMessages, UserMessages } from '@stockroom/schema';
import { adminErrorMessage, isAccessDenied } from './admin-errors';

const graphQLError = (message: string, code: string) => new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code } }] });

describe('admin: access denied and messages', () => {
  it('is access denied exactly when the server answers FORBIDDEN', () => {
    expect(isAccessDenied(graphQLError(AuthMessages.accessDenied, 'FORBIDDEN'))).toBe(true);
    expect(isAccessDenied(graphQLError(AuthMessages.sessionExpired, 'UNAUTHENTICATED'))).toBe(false);
    expect(isAccessDenied(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAccessDenied(undefined)).toBe(false);
  });

  it("shows the server's message, else the fallback", () => {
    expect(adminErrorMessage(graphQLError(UserMessages.lastAdmin, 'BAD_USER_INPUT'), UserMessages.deactivateFailed)).toBe(UserMessages.lastAdmin);
    const bare = new ServerError('Response not successful', { response: new Response('', { status: 502 }), bodyText: '' });
    expect(adminErrorMessage(bare, UserMessages.deactivateFailed)).toBe('Failed to deactivate user account');
  });
});
