import { bearer, errorResponse, jsonBody, jsonResponse, ref, string } from '../rest/openapi-helpers';


export const userOpenApiPaths = {
  '/api/users/profile/me': {
    get: {
      tags: ['Users'],
      summary: 'The signed-in user',
      security: bearer,
      responses: { 200: jsonResponse('The user', { type: 'object', properties: { user: ref('User') } }), 401: errorResponse('Missing, invalid, expired or revoked token') },
    },
  },
  '/api/users/verify-email': {
    post: {
      tags: ['Users'],
      summary: 'Confirm an email address with the token from the emailed link',
      requestBody: jsonBody({ type: 'object', required: ['email', 'token'], properties: { email: string, token: string } }),
      responses: { 200: jsonResponse('Verified', ref('Message')), 400: errorResponse('Invalid or expired link') },
    },
  },
  '/api/users/resend-verification': {
    post: { tags: ['Users'], summary: 'Email a new verification link', security: bearer, responses: { 200: jsonResponse('Sent if needed', ref('Message')), 401: errorResponse('Not signed in') } },
  },
  '/api/users/health/status': {
    get: {
      tags: ['Health'],
      summary: 'Readiness: 200 when the database answers, 503 otherwise',
      responses: {
        200: jsonResponse('Ready', { type: 'object', properties: { status: string, database: string, version: string, uptimeSeconds: { type: 'integer' } } }),
        503: jsonResponse('Database unavailable', { type: 'object' }),
      },
    },
  },
};
