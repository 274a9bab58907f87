import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { AuthMessages } from '@stockroom/schema';
import { isAccessDenied } from './admin-errors';

const graphQLError = (message: string, code: string) => new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code } }] });

describe('admin: access denied', () => {
  it('is access denied exactly when the server answers FORBIDDEN', () => {
    expect(isAccessDenied(graphQLError(AuthMessages.accessDenied, 'FORBIDDEN'))).toBe(true);
    expect(isAccessDenied(graphQLError(AuthMessages.sessionExpired, 'UNAUTHENTICATED'))).toBe(false);
    expect(isAccessDenied(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAccessDenied(undefined)).toBe(false);
  });
});
