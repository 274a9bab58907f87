import { ForgotPasswordFields, ResetPasswordFields, SignInFields, SignUpFields } from '@stockroom/schema';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, publicAccess, ref, rulesBody } from '../rest/openapi-helpers';

const throttled = errorResponse('Too many requests from this address (see Retry-After)');
const invalid = errorResponse('Validation failed; `fields` holds a message per field');

export const authOpenApiPaths = {
  '/api/auth/signup': {
    post: {
      operationId: 'signUp',
      tags: ['Auth'],
      summary: 'Create an account and sign in',
      security: publicAccess,
      requestBody: jsonBody(
        rulesBody(SignUpFields, {
          extra: {
            confirmPassword: {
              type: ['string', 'null'],
              description: 'Optional, as a sign-up form sends it; when sent it must equal password (Passwords do not match). null is the same as leaving it out',
            },
          },
        }),
      ),
      responses: { 201: jsonResponse('Signed up', ref('AuthResponse')), 400: invalid, 409: errorResponse('An account with this email already exists'), 429: throttled },
    },
  },
  '/api/auth/signin': {
    post: {
      operationId: 'signIn',
      tags: ['Auth'],
      summary: 'Sign in with email and password; an account with a second factor answers mfaRequired and signs in at /api/auth/signin/mfa',
      security: publicAccess,
      requestBody: jsonBody(rulesBody(SignInFields)),
      responses: {
        200: jsonResponse('Signed in, or (with a second factor) waiting for a code', { oneOf: [ref('AuthResponse'), ref('MfaRequired')] }),
        400: invalid,
        401: errorResponse('Invalid email or password; once two or fewer attempts are left before the lock, `attemptsLeft` and `lockoutSeconds` say so'),
        403: errorResponse('Account is inactive. Please contact support'),
        423: {
          ...errorResponse('Account temporarily locked due to multiple failed login attempts; `retryAfterSeconds` says for how long'),
          headers: { 'Retry-After': { description: 'Seconds until the lock ends', schema: integer } },
        },
        429: throttled,
      },
    },
  },
  '/api/auth/signout': {
    post: {
      operationId: 'signOut',
      tags: ['Auth'],
      summary: 'Revoke the current session',
      security: bearer,
      responses: { 200: jsonResponse('Signed out', ref('Message')), 401: errorResponse('Not signed in') },
    },
  },
  '/api/auth/forgot-password': {
    post: {
      operationId: 'forgotPassword',
      tags: ['Auth'],
      summary: 'Email a password reset link (same answer whether or not the account exists)',
      security: publicAccess,
      requestBody: jsonBody(rulesBody(ForgotPasswordFields)),
      responses: { 200: jsonResponse('Accepted', ref('Message')), 400: invalid, 429: throttled },
    },
  },
  '/api/auth/reset-password': {
    post: {
      operationId: 'resetPassword',
      tags: ['Auth'],
      summary: 'Set a new password with the token from the emailed link; revokes every session',
      security: publicAccess,
      requestBody: jsonBody(rulesBody(ResetPasswordFields)),
      responses: { 200: jsonResponse('Password reset', ref('Message')), 400: invalid, 429: throttled },
    },
  },
};
