import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { lockoutNoticeOf } from './lockout-notice';

const graphQLError = (extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message: 'refused', extensions }] });

const restError = (status: number, body: Record<string, unknown>) =>
  new ServerError('refused', { response: new Response(null, { status }), bodyText: JSON.stringify(body) });

describe('lockoutNoticeOf', () => {
  it('says how many attempts are left before the lock, and for how long it would lock', () => {
    expect(lockoutNoticeOf(graphQLError({ code: 'UNAUTHENTICATED', attemptsLeft: 2, lockoutSeconds: 900 }))).toBe(
      '2 attempts left before sign-in is locked for 15 minutes.',
    );
    expect(lockoutNoticeOf(graphQLError({ code: 'UNAUTHENTICATED', attemptsLeft: 1, lockoutSeconds: 900 }))).toBe(
      '1 attempt left before sign-in is locked for 15 minutes.',
    );
  });

  it('says the lock has started when no attempt is left', () => {
    expect(lockoutNoticeOf(graphQLError({ code: 'UNAUTHENTICATED', attemptsLeft: 0, lockoutSeconds: 900 }))).toBe('Sign-in is now locked for 15 minutes.');
  });

  it('says how long a lock still lasts', () => {
    expect(lockoutNoticeOf(graphQLError({ code: 'ACCOUNT_LOCKED', retryAfterSeconds: 841 }))).toBe('Try again in 15 minutes.');
    expect(lockoutNoticeOf(graphQLError({ code: 'ACCOUNT_LOCKED', retryAfterSeconds: 30 }))).toBe('Try again in 30 seconds.');
  });

  it('reads a REST error body the same way', () => {
    expect(lockoutNoticeOf(restError(401, { message: 'x', code: 'UNAUTHENTICATED', attemptsLeft: 2, lockoutSeconds: 900 }))).toBe(
      '2 attempts left before sign-in is locked for 15 minutes.',
    );
    expect(lockoutNoticeOf(restError(423, { message: 'x', code: 'ACCOUNT_LOCKED', retryAfterSeconds: 60 }))).toBe('Try again in 1 minute.');
  });

  it('adds nothing to a failure far from the lock, or to numbers that make no sense', () => {
    expect(lockoutNoticeOf(graphQLError({ code: 'UNAUTHENTICATED' }))).toBeNull();
    expect(lockoutNoticeOf(graphQLError({ code: 'UNAUTHENTICATED', attemptsLeft: -1, lockoutSeconds: 900 }))).toBeNull();
    expect(lockoutNoticeOf(graphQLError({ code: 'UNAUTHENTICATED', attemptsLeft: '2', lockoutSeconds: 900 }))).toBeNull();
    expect(lockoutNoticeOf(graphQLError({ code: 'ACCOUNT_LOCKED' }))).toBeNull();
    expect(lockoutNoticeOf(new Error('Failed to fetch'))).toBeNull();
    expect(lockoutNoticeOf(undefined)).toBeNull();
  });
});
