import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { WorkspaceMessages } from '@stockroom/schema';
import { errorCodeOf, extractErrorMessage, extractFieldErrors, isSecondFactorRequiredError, isUnauthenticatedError, serverMessageOr } from './errors';

const serverError = (status: number, body: unknown) => {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  return new ServerError('Response not successful', { response: new Response(bodyText, { status }), bodyText });
};

describe('extractErrorMessage (body message, nested message, 401, generic, in that order)', () => {
  it('1. the message in the server error body (GraphQL errors[0].message)', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'Account is inactive. Please contact support', extensions: { code: 'ACCOUNT_INACTIVE' } }],
    });
    expect(extractErrorMessage(error)).toBe('Account is inactive. Please contact support');
  });

  it('1. the message in an HTTP error body, even for a 401', () => {
    expect(extractErrorMessage(serverError(401, { message: 'Your session has expired. Please log in again' }))).toBe(
      'Your session has expired. Please log in again',
    );
  });

  it('2. then a nested error message', () => {
    expect(extractErrorMessage(serverError(500, { error: { message: 'Server error. Please try again later' } }))).toBe(
      'Server error. Please try again later',
    );
    expect(extractErrorMessage({ error: { message: 'Nested' } })).toBe('Nested');
  });

  it('3. then for a 401 the invalid-credentials message', () => {
    expect(extractErrorMessage(serverError(401, ''))).toBe('Invalid email or password');
    expect(extractErrorMessage({ status: 401 })).toBe('Invalid email or password');
  });

  it('4. otherwise the something-went-wrong message', () => {
    expect(extractErrorMessage(serverError(500, '<html>oops</html>'))).toBe('Something went wrong. Please try again');
    expect(extractErrorMessage(new Error('internal detail'))).toBe('Something went wrong. Please try again');
    expect(extractErrorMessage(undefined)).toBe('Something went wrong. Please try again');
    expect(extractErrorMessage(new CombinedGraphQLErrors({ data: null, errors: [{ message: '' }] }))).toBe(
      'Something went wrong. Please try again',
    );
  });

  it('a call that got no response is a network error', () => {
    expect(extractErrorMessage(new TypeError('Failed to fetch'))).toBe('Network error. Please check your connection');
    expect(extractErrorMessage(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(
      'Network error. Please check your connection',
    );
  });
});

describe('serverMessageOr (a call with its own fallback)', () => {
  it("shows the server's message, else the call's fallback", () => {
    const graphQLError = new CombinedGraphQLErrors({ data: null, errors: [{ message: 'An account with this email already exists', extensions: { code: 'CONFLICT' } }] });
    expect(serverMessageOr(graphQLError, 'Failed to update user profile')).toBe('An account with this email already exists');
    const bare = new ServerError('Response not successful', { response: new Response('', { status: 500 }), bodyText: '' });
    expect(serverMessageOr(bare, 'Failed to update user profile')).toBe('Failed to update user profile');
    expect(serverMessageOr(new TypeError('Failed to fetch'), 'Failed to deactivate user account')).toBe('Failed to deactivate user account');
  });

  it('reads the code of a GraphQL error', () => {
    expect(errorCodeOf(new CombinedGraphQLErrors({ data: null, errors: [{ message: 'x', extensions: { code: 'FORBIDDEN' } }] }))).toBe('FORBIDDEN');
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBeUndefined();
    // Only the app's shared codes: GraphQL's own request codes are not branched on.
    expect(errorCodeOf(new CombinedGraphQLErrors({ data: null, errors: [{ message: 'x', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] }))).toBeUndefined();
  });
});

describe('extractFieldErrors', () => {
  it('reads extensions.fields of BAD_USER_INPUT errors', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [
        {
          message: 'Email is required',
          extensions: { code: 'BAD_USER_INPUT', fields: { email: 'Email is required', password: 'Password is required' } },
        },
      ],
    });
    expect(extractFieldErrors(error)).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('reads fields of a REST-style body and ignores anything else', () => {
    expect(extractFieldErrors(serverError(400, { message: 'x', fields: { name: 'Product name is required' } }))).toEqual({
      name: 'Product name is required',
    });
    expect(extractFieldErrors(new TypeError('Failed to fetch'))).toEqual({});
  });

  it('reads the email field of a taken-email conflict on both transports', () => {
    const message = 'An account with this email already exists';
    expect(extractFieldErrors(serverError(409, { message, code: 'CONFLICT', fields: { email: message } }))).toEqual({ email: message });
    const graphQLError = new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code: 'CONFLICT', fields: { email: message } } }] });
    expect(extractFieldErrors(graphQLError)).toEqual({ email: message });
  });
});

describe('isUnauthenticatedError', () => {
  it('is true for the UNAUTHENTICATED code and for HTTP 401 only', () => {
    expect(isUnauthenticatedError(new CombinedGraphQLErrors({ data: null, errors: [{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }] }))).toBe(true);
    expect(isUnauthenticatedError(serverError(401, ''))).toBe(true);
    expect(isUnauthenticatedError(new CombinedGraphQLErrors({ data: null, errors: [{ message: 'x', extensions: { code: 'FORBIDDEN' } }] }))).toBe(false);
    expect(isUnauthenticatedError(serverError(403, ''))).toBe(false);
    expect(isUnauthenticatedError(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('isSecondFactorRequiredError (a workspace that requires a second factor the account lacks)', () => {
  it('is the GraphQL code, or the REST 403 with its message', () => {
    const graphql = new CombinedGraphQLErrors({ data: null, errors: [{ message: WorkspaceMessages.secondFactorRequired, extensions: { code: 'SECOND_FACTOR_REQUIRED' } }] });
    expect(isSecondFactorRequiredError(graphql)).toBe(true);
    expect(isSecondFactorRequiredError(serverError(403, { message: WorkspaceMessages.secondFactorRequired, code: 'SECOND_FACTOR_REQUIRED' }))).toBe(true);
  });

  it('is not another refusal', () => {
    const forbidden = new CombinedGraphQLErrors({ data: null, errors: [{ message: 'Access denied. Insufficient permissions', extensions: { code: 'FORBIDDEN' } }] });
    expect(isSecondFactorRequiredError(forbidden)).toBe(false);
    expect(isSecondFactorRequiredError(serverError(403, { message: 'Access denied. Insufficient permissions', code: 'FORBIDDEN' }))).toBe(false);
    expect(isSecondFactorRequiredError(new Error(WorkspaceMessages.secondFactorRequired))).toBe(false);
  });
});
