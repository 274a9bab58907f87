import { APP_NAME, APP_VERSION, Rules } from '@stockroom/schema';
import { authOpenApiPaths } from '../auth/auth.openapi';
import { dashboardOpenApiPaths, dashboardOpenApiSchemas } from '../dashboard/dashboard.openapi';
import { productOpenApiPaths, productOpenApiSchemas } from '../products/product.openapi';
import { uploadOpenApiPaths } from '../uploads/upload.openapi';
import { userOpenApiPaths, userOpenApiSchemas } from '../users/user.openapi';
import { integer, ref, ruleSchema, string } from './openapi-helpers';

/** The OpenAPI 3.1 document served at /api/openapi.json. */
export function buildOpenApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: `${APP_NAME} REST API`,
      version: APP_VERSION,
      description: `The REST compatibility layer of ${APP_NAME}. It runs the same service code as the GraphQL API at /graphql, so both give the same answer to the same request.`,
    },
    servers: [{ url: serverUrl }],
    paths: { ...authOpenApiPaths, ...userOpenApiPaths, ...productOpenApiPaths, ...dashboardOpenApiPaths, ...uploadOpenApiPaths },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['message', 'code'],
          properties: {
            message: { ...string, examples: ['Invalid email or password'] },
            code: { enum: ['BAD_USER_INPUT', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'ACCOUNT_LOCKED', 'ACCOUNT_INACTIVE', 'TOO_MANY_REQUESTS', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'INTERNAL_SERVER_ERROR'] },
            fields: { type: 'object', additionalProperties: string, description: 'Per-field messages for BAD_USER_INPUT' },
          },
        },
        Message: { type: 'object', required: ['message'], properties: { message: string } },
        Pagination: {
          type: 'object',
          properties: { page: integer, limit: integer, total: integer, totalPages: integer, hasNextPage: { type: 'boolean' }, hasPrevPage: { type: 'boolean' } },
        },
        User: {
          type: 'object',
          properties: {
            id: { ...string, format: 'uuid' },
            email: { ...string, format: 'email' },
            firstName: string,
            lastName: string,
            fullName: string,
            avatar: { type: ['string', 'null'] },
            status: ruleSchema(Rules.status),
            role: ruleSchema(Rules.role),
            emailVerified: { type: 'boolean' },
            createdAt: { ...string, format: 'date-time' },
            updatedAt: { ...string, format: 'date-time' },
          },
        },
        AuthResponse: {
          type: 'object',
          required: ['accessToken', 'expiresAt', 'user'],
          properties: { accessToken: string, expiresAt: { ...string, format: 'date-time' }, user: ref('User') },
        },
        ...productOpenApiSchemas,
        ...userOpenApiSchemas,
        ...dashboardOpenApiSchemas,
      },
    },
  };
}
