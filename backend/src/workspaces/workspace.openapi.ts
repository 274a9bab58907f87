import { WORKSPACE_HEADER, WORKSPACE_ROLE_SUMMARIES, WORKSPACE_ROLES, WorkspaceFields, WorkspaceMessages } from '@stockroom/schema';
import { bearer, errorResponse, jsonBody, jsonResponse, ref, ruleSchema, string, unauthenticated } from '../rest/openapi-helpers';

const tags = ['Workspaces'];
export const uuid = { ...string, format: 'uuid' } as const;
/** A role, each explained in one line; invitations name one too. */
export const role = { enum: [...WORKSPACE_ROLES], description: WORKSPACE_ROLES.map((name) => `${name}: ${WORKSPACE_ROLE_SUMMARIES[name]}`).join('; ') };
export const idParam = { name: 'id', in: 'path', required: true, schema: uuid };
const userIdParam = { name: 'userId', in: 'path', required: true, schema: uuid };
export const denied = errorResponse('Access denied. Insufficient permissions: a token never manages workspaces, or the role does not allow it');
export const notFound = errorResponse(`${WorkspaceMessages.notFound} (also for a workspace the caller is not a member of, or a malformed id)`);
const nameBody = jsonBody({ type: 'object', additionalProperties: false, required: ['name'], properties: { name: ruleSchema(WorkspaceFields.name) } });
const workspaceAnswer = (description: string) => jsonResponse(description, { type: 'object', required: ['workspace'], properties: { workspace: ref('Workspace') } });
const idAnswer = (description: string) => jsonResponse(description, { type: 'object', required: ['id'], properties: { id: uuid } });

export const workspaceOpenApiSchemas = {
  Workspace: {
    type: 'object',
    required: ['id', 'name', 'role', 'personal', 'requireSecondFactor', 'needsSecondFactor'],
    properties: {
      id: uuid,
      name: string,
      role: { ...role, description: "The caller's role in it" },
      personal: { type: 'boolean', description: "The account's own workspace, never deleted or left" },
      requireSecondFactor: { type: 'boolean', description: 'Members need a confirmed second factor (two-factor authentication) to work in it; owners turn it on or off' },
      needsSecondFactor: {
        type: 'boolean',
        description: "It requires a second factor and the caller has none: requests in it answer 403 SECOND_FACTOR_REQUIRED until they set one up (never for the caller's own personal workspace)",
      },
    },
  },
  Member: {
    type: 'object',
    required: ['user', 'role', 'joinedAt'],
    properties: {
      user: { type: 'object', required: ['id', 'firstName', 'lastName', 'email'], properties: { id: uuid, firstName: string, lastName: string, email: string } },
      role,
      joinedAt: { ...string, format: 'date-time' },
    },
  },
};

export const workspaceOpenApiPaths = {
  '/api/workspaces': {
    get: {
      operationId: 'listWorkspaces',
      tags,
      summary: "The caller's workspaces with their role in each, the personal one first",
      description: `Any other request acts in the workspace its \`${WORKSPACE_HEADER}\` header names, or without it in the caller's personal workspace. Listed too: the workspaces whose second-factor requirement keeps the caller out (\`needsSecondFactor\`).`,
      security: bearer,
      responses: {
        200: jsonResponse('The workspaces', { type: 'object', required: ['workspaces'], properties: { workspaces: { type: 'array', items: ref('Workspace') } } }),
        401: unauthenticated,
        403: denied,
      },
    },
    post: {
      operationId: 'createWorkspace',
      tags,
      summary: 'Creates a shared workspace with the caller as its owner',
      security: bearer,
      requestBody: nameBody,
      responses: { 201: workspaceAnswer('Created'), 400: errorResponse('The name failed its rule'), 401: unauthenticated, 403: denied },
    },
  },
  '/api/workspaces/{id}': {
    get: {
      operationId: 'getWorkspace',
      tags,
      summary: 'One of your workspaces',
      security: bearer,
      parameters: [idParam],
      responses: { 200: workspaceAnswer('The workspace'), 401: unauthenticated, 403: denied, 404: notFound },
    },
    put: {
      operationId: 'updateWorkspace',
      tags,
      summary: 'Renames a workspace (owners; a personal one too)',
      security: bearer,
      parameters: [idParam],
      requestBody: nameBody,
      responses: { 200: workspaceAnswer('Renamed'), 400: errorResponse('The name failed its rule'), 401: unauthenticated, 403: denied, 404: notFound },
    },
    delete: {
      operationId: 'deleteWorkspace',
      tags,
      summary: 'Deletes a shared workspace and everything in it (owners)',
      security: bearer,
      parameters: [idParam],
      responses: { 200: idAnswer('Deleted'), 401: unauthenticated, 403: denied, 404: notFound, 409: errorResponse(WorkspaceMessages.personalNotDeleted) },
    },
  },
  '/api/workspaces/{id}/policy': {
    put: {
      operationId: 'updateWorkspacePolicy',
      tags,
      summary: 'Requires a second factor of every member, or stops requiring it (owners)',
      description:
        'With `requireSecondFactor` on, every request in the workspace (either API, any role, a personal access token made in it) by an account without a confirmed second factor answers 403 `SECOND_FACTOR_REQUIRED`. An owner without a second factor of their own cannot turn it on (409). Each change is listed in the workspace\'s activity.',
      security: bearer,
      parameters: [idParam],
      requestBody: jsonBody({ type: 'object', additionalProperties: false, required: ['requireSecondFactor'], properties: { requireSecondFactor: { type: 'boolean' } } }),
      responses: {
        200: workspaceAnswer('Changed (or already so)'),
        400: errorResponse(WorkspaceMessages.requireSecondFactorInvalid),
        401: unauthenticated,
        403: errorResponse(`${denied.description}; or ${WorkspaceMessages.secondFactorRequired} (SECOND_FACTOR_REQUIRED)`),
        404: notFound,
        409: errorResponse(WorkspaceMessages.ownerWithoutSecondFactor),
      },
    },
  },
  '/api/workspaces/{id}/members': {
    get: {
      operationId: 'listMembers',
      tags,
      summary: "A workspace's members, owners first (any member)",
      security: bearer,
      parameters: [idParam],
      responses: {
        200: jsonResponse('The members', { type: 'object', required: ['members'], properties: { members: { type: 'array', items: ref('Member') } } }),
        401: unauthenticated,
        403: denied,
        404: notFound,
      },
    },
  },
  '/api/workspaces/{id}/members/{userId}': {
    put: {
      operationId: 'updateMember',
      tags,
      summary: "Changes a member's role: admins for members other than owners, owners for anyone",
      security: bearer,
      parameters: [idParam, userIdParam],
      requestBody: jsonBody({ type: 'object', additionalProperties: false, required: ['role'], properties: { role } }),
      responses: {
        200: jsonResponse('Changed', { type: 'object', required: ['member'], properties: { member: ref('Member') } }),
        400: errorResponse(`${WorkspaceMessages.roleInvalid}, or an invalid user id`),
        401: unauthenticated,
        403: denied,
        404: errorResponse(`${WorkspaceMessages.notFound}, or ${WorkspaceMessages.memberNotFound}`),
        409: errorResponse(WorkspaceMessages.lastOwner),
      },
    },
    delete: {
      operationId: 'removeMember',
      tags,
      summary: 'Removes a member, as updating allows; any member may remove themself (leaving)',
      security: bearer,
      parameters: [idParam, userIdParam],
      responses: {
        200: idAnswer('Removed: the id of the member'),
        400: errorResponse('Invalid ID format'),
        401: unauthenticated,
        403: denied,
        404: errorResponse(`${WorkspaceMessages.notFound}, or ${WorkspaceMessages.memberNotFound}`),
        409: errorResponse(`${WorkspaceMessages.lastOwner}, or ${WorkspaceMessages.personalNotLeft}`),
      },
    },
  },
};
