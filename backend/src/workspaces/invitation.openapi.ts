import { INVITATION_MAILS_PER_WORKSPACE_PER_HOUR, INVITATION_TTL_DAYS, InvitationFields, InvitationMessages, WorkspaceMessages } from '@stockroom/schema';
import { bearer, errorResponse, jsonBody, jsonResponse, publicAccess, ref, ruleSchema, string, unauthenticated } from '../rest/openapi-helpers';
import { denied, idParam, notFound, role, uuid } from './workspace.openapi';

const tags = ['Workspaces'];
const invitationIdParam = { name: 'invitationId', in: 'path', required: true, schema: uuid };
const tokenParam = { name: 'token', in: 'path', required: true, schema: { ...string, maxLength: 200 }, description: "The token of the invitation's link" };
const gone = errorResponse(`${InvitationMessages.noLongerValid}: used, revoked, renewed, expired or unknown`);
const badToken = errorResponse('The token is longer than any link carries');
const limited = errorResponse(`More than ${INVITATION_MAILS_PER_WORKSPACE_PER_HOUR} invitation mails (new or resent) from this workspace in an hour: ask again after Retry-After seconds`);
const invitationNotFound = errorResponse(`${WorkspaceMessages.notFound}, or ${InvitationMessages.notFound}`);
const invitationAnswer = (description: string) => jsonResponse(description, { type: 'object', required: ['invitation'], properties: { invitation: ref('Invitation') } });

export const invitationOpenApiSchemas = {
  Invitation: {
    type: 'object',
    required: ['id', 'email', 'role', 'expiresAt'],
    properties: { id: uuid, email: { ...string, description: 'The invited address, lower-cased' }, role, expiresAt: { ...string, format: 'date-time', description: 'When its link stops working' } },
  },
  InvitationPreview: {
    type: 'object',
    required: ['email', 'role', 'expiresAt', 'workspaceName', 'invitedBy', 'accountExists'],
    properties: {
      email: { ...string, description: 'The invited address: the account that accepts must have it' },
      role,
      expiresAt: { ...string, format: 'date-time' },
      workspaceName: string,
      invitedBy: { type: ['string', 'null'], description: "Who sent it; null once their account is gone" },
      accountExists: { type: 'boolean', description: 'An account has the invited address: sign in with it, else sign up with it' },
    },
  },
};

export const invitationOpenApiPaths = {
  '/api/workspaces/{id}/invitations': {
    get: {
      operationId: 'listInvitations',
      tags,
      summary: "A workspace's pending invitations (not accepted, revoked or expired), newest first (admins)",
      security: bearer,
      parameters: [idParam],
      responses: {
        200: jsonResponse('The invitations', { type: 'object', required: ['invitations'], properties: { invitations: { type: 'array', items: ref('Invitation') } } }),
        401: unauthenticated,
        403: denied,
        404: notFound,
      },
    },
    post: {
      operationId: 'inviteMember',
      tags,
      summary: `Invites an address with a role and mails it a link valid for ${INVITATION_TTL_DAYS} days (admins; owners for an owner)`,
      description: `An address with an open invitation gets that one renewed (the new role, a new link, ${INVITATION_TTL_DAYS} days again, the old link dead) and mailed again: there is one invitation per address. Each mail counts against the workspace's ${INVITATION_MAILS_PER_WORKSPACE_PER_HOUR} an hour.`,
      security: bearer,
      parameters: [idParam],
      requestBody: jsonBody({ type: 'object', additionalProperties: false, required: ['email', 'role'], properties: { email: ruleSchema(InvitationFields.email), role } }),
      responses: {
        201: invitationAnswer('Invited (or renewed) and mailed'),
        400: errorResponse(`The email failed its rule, or ${WorkspaceMessages.roleInvalid}`),
        401: unauthenticated,
        403: denied,
        404: notFound,
        409: errorResponse(InvitationMessages.alreadyMember),
        429: limited,
      },
    },
  },
  '/api/workspaces/{id}/invitations/{invitationId}': {
    delete: {
      operationId: 'revokeInvitation',
      tags,
      summary: 'Revokes a pending invitation: its link answers 410 from then on (admins; owners for an owner)',
      security: bearer,
      parameters: [idParam, invitationIdParam],
      responses: {
        200: jsonResponse('Revoked: the id of the invitation', { type: 'object', required: ['id'], properties: { id: uuid } }),
        400: errorResponse('Invalid ID format'),
        401: unauthenticated,
        403: denied,
        404: invitationNotFound,
      },
    },
  },
  '/api/workspaces/{id}/invitations/{invitationId}/resend': {
    post: {
      operationId: 'resendInvitation',
      tags,
      summary: `Mails an invitation again with a new link, valid for ${INVITATION_TTL_DAYS} days; the old link stops working (as revoking)`,
      security: bearer,
      parameters: [idParam, invitationIdParam],
      responses: { 200: invitationAnswer('Mailed again'), 400: errorResponse('Invalid ID format'), 401: unauthenticated, 403: denied, 404: invitationNotFound, 429: limited },
    },
  },
  '/api/invitations/{token}': {
    get: {
      operationId: 'getInvitation',
      tags,
      summary: "What an invitation's link shows its holder, signed in or not: the workspace, who invited, the role, the address and whether an account has it",
      security: publicAccess,
      parameters: [tokenParam],
      responses: { 200: jsonResponse('The invitation', { type: 'object', required: ['invitation'], properties: { invitation: ref('InvitationPreview') } }), 400: badToken, 410: gone },
    },
  },
  '/api/invitations/{token}/accept': {
    post: {
      operationId: 'acceptInvitation',
      tags,
      summary: 'Accepts an invitation as the signed-in account with the invited address, which becomes a member with its role (a member already keeps theirs)',
      security: bearer,
      parameters: [tokenParam],
      responses: {
        200: jsonResponse('Joined', { type: 'object', required: ['workspace', 'role'], properties: { workspace: ref('Workspace'), role } }),
        400: badToken,
        401: unauthenticated,
        403: errorResponse(`${InvitationMessages.otherEmail}; or a personal access token (sessions only)`),
        410: gone,
      },
    },
  },
};
