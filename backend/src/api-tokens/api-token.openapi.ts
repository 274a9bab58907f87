import { API_TOKEN_MAX_DAYS, API_TOKEN_MIN_DAYS, API_TOKEN_PREFIX, API_TOKEN_REVOKED_REASONS, API_TOKEN_SCOPES, ApiTokenFields, MAX_API_TOKENS_PER_USER } from '@stockroom/schema';
import { bearer, errorResponse, jsonBody, jsonResponse, ref, ruleSchema, string, unauthenticated } from '../rest/openapi-helpers';

const tags = ['API tokens'];
const dateTime = { ...string, format: 'date-time' } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;
const sessionsOnly = errorResponse('Access denied. Insufficient permissions: tokens are managed with a signed-in session, never with a token');
const scopes = { type: 'array', minItems: 1, items: { enum: [...API_TOKEN_SCOPES] } };

export const apiTokenOpenApiSchemas = {
  ApiToken: {
    type: 'object',
    required: ['id', 'name', 'scopes', 'prefix', 'createdAt', 'lastUsedAt', 'expiresAt', 'revokedAt', 'revokedReason'],
    properties: {
      id: { ...string, format: 'uuid' },
      name: string,
      scopes: { ...scopes, uniqueItems: true, description: 'read: products, stats, stock history and the dashboard; write: also changes products and stock' },
      prefix: { ...string, description: `The token's first characters (${API_TOKEN_PREFIX} and a few more), to tell tokens apart` },
      createdAt: dateTime,
      lastUsedAt: { ...nullableDateTime, description: 'Updated at most once a minute' },
      expiresAt: { ...nullableDateTime, description: 'null: never expires' },
      revokedAt: { ...nullableDateTime, description: 'Set when a deactivation of the account or a password reset or change revoked the token' },
      revokedReason: { enum: [...API_TOKEN_REVOKED_REASONS, null] },
    },
  },
};

export const apiTokenOpenApiPaths = {
  '/api/users/profile/tokens': {
    get: {
      operationId: 'listApiTokens',
      tags,
      summary: "The signed-in user's personal access tokens, newest first (revoked and expired ones included)",
      security: bearer,
      responses: {
        200: jsonResponse('The tokens', { type: 'object', required: ['apiTokens'], properties: { apiTokens: { type: 'array', items: ref('ApiToken') } } }),
        401: unauthenticated,
        403: sessionsOnly,
      },
    },
    post: {
      operationId: 'createApiToken',
      tags,
      summary: `Creates a personal access token (at most ${MAX_API_TOKENS_PER_USER}); the answer is the only time its secret is shown`,
      description: `Send the token as \`Authorization: Bearer ${API_TOKEN_PREFIX}...\` on /api and /graphql.`,
      security: bearer,
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['name', 'scopes'],
        properties: {
          name: ruleSchema(ApiTokenFields.name),
          scopes: { ...scopes, description: 'A scope named twice counts once' },
          expiresAt: { ...nullableDateTime, description: `${API_TOKEN_MIN_DAYS} to ${API_TOKEN_MAX_DAYS} days from now; null or left out: never expires` },
        },
      }),
      responses: {
        201: jsonResponse('Created', {
          type: 'object',
          required: ['token', 'apiToken'],
          properties: { token: { ...string, pattern: `^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`, description: 'Shown this once; only its hash is stored' }, apiToken: ref('ApiToken') },
        }),
        400: errorResponse('A field failed its rule (message and per-field `fields`)'),
        401: unauthenticated,
        403: sessionsOnly,
        409: errorResponse(`The account already has ${MAX_API_TOKENS_PER_USER} tokens`),
      },
    },
  },
  '/api/users/profile/tokens/{id}': {
    delete: {
      operationId: 'revokeApiToken',
      tags,
      summary: 'Revokes one of your tokens: it stops working at once and leaves the list',
      security: bearer,
      parameters: [{ name: 'id', in: 'path', required: true, schema: { ...string, format: 'uuid' } }],
      responses: {
        200: jsonResponse('Revoked', { type: 'object', required: ['message', 'id'], properties: { message: string, id: { ...string, format: 'uuid' } } }),
        400: errorResponse('Invalid ID format'),
        401: unauthenticated,
        403: sessionsOnly,
        404: errorResponse('API token not found (also for another user’s token)'),
      },
    },
  },
};
