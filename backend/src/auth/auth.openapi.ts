import { bearer, errorResponse, jsonBody, jsonResponse, ref, string } from '../rest/openapi-helpers';

const throttled = errorResponse('Too many requests from this address (see Retry-After)');
const invalid = errorResponse('Validation failed; `fields` holds a message per field');

export const authOpenApiPaths = {
  '/api/auth/signup': {
    post: {
      tags: ['Auth'],
      summary: 'Create an account and sign in',
      requestBody: jsonBody({ type: 'object', required: ['firstName', 'lastName', 'email', 'password'], properties: { firstName: string, lastName: string, email: string, password: string } }),
      responses: { 201: jsonResponse('Signed up', ref('AuthResponse')), 400: invalid, 409: errorResponse('An account with this email already exists'), 429: throttled },
    },
  },
  '/api/auth/signin': {
    post: {
      tags: ['Auth'],
      summary: 'Sign in with email and password',
      requestBody: jsonBody({ type: 'object', required: ['email', 'password'], properties: { email: string, password: string } }),
      responses: {
        200: jsonResponse('Signed in', ref('AuthResponse')),
        400: invalid,
        401: errorResponse('Invalid email or password'),
        403: errorResponse('Account is inactive. Please contact support'),
        423: errorResponse('Account temporarily locked due to multiple failed login attempts'),
        429: throttled,
      },
    },
  },
  '/api/auth/signout': {
    post: { tags: ['Auth'], summary: 'Revoke the current session', security: bearer, responses: { 200: jsonResponse('Signed out', ref('Message')), 401: errorResponse('Not signed in') } },
  },
  '/api/auth/forgot-password': {
    post: {
      tags: ['Auth'],
      summary: 'Email a password reset link (same answer whether or not the account exists)',
      requestBody: jsonBody({ type: 'object', required: ['email'], properties: { email: string } }),
      responses: { 200: jsonResponse('Accepted', ref('Message')), 400: invalid, 429: throttled },
    },
  },
  '/api/auth/reset-password': {
    post: {
      tags: ['Auth'],
      summary: 'Set a new password with the token from the emailed link; revokes every session',
      requestBody: jsonBody({ type: 'object', required: ['email', 'resetToken', 'newPassword'], properties: { email: string, resetToken: string, newPassword: string } }),
      responses: { 200: jsonResponse('Password reset', ref('Message')), 400: invalid, 429: throttled },
    },
  },
};
