import { APP_NAME, APP_VERSION, Rules, WORKSPACE_HEADER, WorkspaceMessages } from '@stockroom/schema';
import { HTTP_STATUS } from '../common/errors';
import { apiTokenOpenApiPaths, apiTokenOpenApiSchemas } from '../api-tokens/api-token.openapi';
import { authOpenApiPaths } from '../auth/auth.openapi';
import { oidcOpenApiPaths } from '../auth/oidc/oidc.openapi';
import { mfaOpenApiPaths, mfaOpenApiSchemas } from '../auth/mfa/mfa.openapi';
import { passkeysOpenApiPaths, passkeysOpenApiSchemas } from '../auth/passkeys/passkeys.openapi';
import { healthOpenApiPaths } from '../health/health.openapi';
import { notificationSettingsOpenApiPaths, notificationSettingsOpenApiSchemas } from '../notifications/notification-settings.openapi';
import { dashboardOpenApiPaths, dashboardOpenApiSchemas } from '../dashboard/dashboard.openapi';
import { productBulkOpenApiPaths } from '../products/bulk/product-bulk.openapi';
import { productImportOpenApiPaths } from '../products/import-export/product-import.openapi';
import { productTrashOpenApiPaths, productTrashOpenApiSchemas } from '../products/trash/product-trash.openapi';
import { productOpenApiPaths, productOpenApiRequestBodies, productOpenApiSchemas } from '../products/catalogue/product.openapi';
import { stockOpenApiPaths } from '../stock/stock.openapi';
import { uploadOpenApiPaths } from '../uploads/upload.openapi';
import { userOpenApiPaths, userOpenApiSchemas } from '../users/user.openapi';
import { webhookOpenApiPaths, webhookOpenApiSchemas } from '../webhooks/webhook.openapi';
import { invitationOpenApiPaths, invitationOpenApiSchemas } from '../workspaces/invitation.openapi';
import { workspaceOpenApiPaths, workspaceOpenApiSchemas } from '../workspaces/workspace.openapi';
import { locationOpenApiPaths, locationOpenApiSchemas } from '../locations/location.openapi';
import { stockCountOpenApiPaths, stockCountOpenApiSchemas } from '../stock-counts/stock-count.openapi';
import { stockChangeOpenApiPaths } from '../stock-changes/stock-change.openapi';
import { METHOD_NOT_ALLOWED } from '../rest/method-not-allowed';
import { errorResponse, integer, paginationProperties, ref, ruleSchema, string } from '../rest/openapi-helpers';
import { rateLimitOpenApiHeaders, withRequestRateLimit } from '../rest/rate-limit.openapi';

type Operation = { responses: Record<string, unknown> };
type Paths = Record<string, Record<string, Operation>>;

/**
 * What any operation can answer before its route runs: express.json()
 * reads a JSON body sent with any method, so a malformed, oversized or
 * oddly encoded one is refused first.
 */
const bodyParserAnswers = {
  400: errorResponse('Request body is not valid JSON'),
  413: errorResponse('Request body is too large'),
  415: errorResponse('Unsupported request encoding'),
};

/** Every operation with the body parser's answers, its own taking precedence. */
function withBodyParserAnswers(paths: Paths): Paths {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(item).map(([method, operation]) => [method, { ...operation, responses: { ...bodyParserAnswers, ...operation.responses } }])),
    ]),
  );
}

/** Every path of the REST API and its operations: the document's `paths`, and what the 405 handler reads a path's methods from. */
export const openApiPaths = withBodyParserAnswers({ ...authOpenApiPaths, ...mfaOpenApiPaths, ...passkeysOpenApiPaths, ...oidcOpenApiPaths, ...userOpenApiPaths, ...apiTokenOpenApiPaths, ...webhookOpenApiPaths, ...notificationSettingsOpenApiPaths, ...productOpenApiPaths, ...stockOpenApiPaths, ...productBulkOpenApiPaths, ...productImportOpenApiPaths, ...productTrashOpenApiPaths, ...dashboardOpenApiPaths, ...locationOpenApiPaths, ...stockCountOpenApiPaths, ...stockChangeOpenApiPaths, ...workspaceOpenApiPaths, ...invitationOpenApiPaths, ...uploadOpenApiPaths, ...healthOpenApiPaths });

/** The codes an error body can carry: each domain error's, and the 405 handler's. */
const ERROR_CODES = [...Object.keys(HTTP_STATUS), METHOD_NOT_ALLOWED];

/** The OpenAPI 3.1 document served at /api/openapi.json. */
export function buildOpenApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: `${APP_NAME} REST API`,
      version: APP_VERSION,
      description: `The REST compatibility layer of ${APP_NAME}. It runs the same service code as the GraphQL API at /graphql, so both give the same answer to the same request. A path below asked with a method it does not list answers 405 with an \`Allow\` header. A request acts in the workspace its \`${WORKSPACE_HEADER}\` header names (not a member, no such workspace or a malformed id: 404 'Workspace not found'), or without it in the caller's personal workspace; a personal access token acts only in the workspace it was made in (a header naming another: 403). In a workspace whose owners require two-factor authentication (\`requireSecondFactor\`), a request by an account without a confirmed second factor answers 403 with code \`SECOND_FACTOR_REQUIRED\` ('${WorkspaceMessages.secondFactorRequired}'), whatever the route, token or role; what the account needs to set one up (its profile and two-factor set-up, its workspace list, its personal workspace, signing out, leaving the workspace) names no workspace and stays open.`,
    },
    servers: [{ url: serverUrl }],
    paths: withRequestRateLimit(openApiPaths),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The accessToken of a sign-in, or a personal access token (stk_...) made in the profile. A token reads (scope read) or also changes (scope write) products and stock; anything else answers 403 to it.',
        },
      },
      requestBodies: productOpenApiRequestBodies,
      headers: rateLimitOpenApiHeaders,
      schemas: {
        Error: {
          type: 'object',
          required: ['message', 'code'],
          properties: {
            message: { ...string, examples: ['Invalid email or password'] },
            code: { enum: ERROR_CODES },
            fields: { type: 'object', additionalProperties: string, description: 'Per-field messages: for BAD_USER_INPUT, and `email` for a CONFLICT over a taken email address' },
            attemptsLeft: { ...integer, description: 'A wrong password when the lock is near: sign-in attempts left before it (0 when this one locked it)' },
            lockoutSeconds: { ...integer, description: 'With attemptsLeft: how long the lock lasts once it comes' },
            retryAfterSeconds: { ...integer, description: 'ACCOUNT_LOCKED: seconds until the lock ends, as in the Retry-After header' },
          },
        },
        Message: { type: 'object', required: ['message'], properties: { message: string } },
        Pagination: { type: 'object', required: Object.keys(paginationProperties), properties: paginationProperties },
        User: {
          type: 'object',
          properties: {
            id: { ...string, format: 'uuid' },
            email: string,
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
        ...productTrashOpenApiSchemas,
        ...userOpenApiSchemas,
        ...mfaOpenApiSchemas,
        ...passkeysOpenApiSchemas,
        ...apiTokenOpenApiSchemas,
        ...webhookOpenApiSchemas,
        ...notificationSettingsOpenApiSchemas,
        ...dashboardOpenApiSchemas,
        ...locationOpenApiSchemas,
        ...stockCountOpenApiSchemas,
        ...workspaceOpenApiSchemas,
        ...invitationOpenApiSchemas,
      },
    },
  };
}
