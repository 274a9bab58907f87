import { ProfileFields, SecondFactorMessages, UserAdminFields, UserListFields, VerifyEmailFields } from '@stockroom/schema';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, number, pageOf, pageParams, publicAccess, ref, ruleSchema, rulesBody, string, unauthenticated } from '../rest/openapi-helpers';
import { ChangePasswordRequest, EmailChangeRequest } from '../account/step-up-fields';

const idParam = { name: 'id', in: 'path', required: true, schema: { ...string, format: 'uuid' } };
const tags = ['Users'];
const oneUser = (description: string) => jsonResponse(description, { type: 'object', required: ['user'], properties: { user: ref('User') } });
const denied = errorResponse('Access denied. Insufficient permissions');
const invalidId = errorResponse('Invalid ID format, or a field failed its rule (message and per-field `fields`)');
const notFound = errorResponse('User not found');
const throttled = errorResponse('Too many requests (see Retry-After)');
/** A new email or password without the current password, more than 10 minutes after the session last proved who it is. */
const stepUp = errorResponse(`STEP_UP_REQUIRED: ${SecondFactorMessages.stepUpRequired} (POST /api/users/profile/step-up), when no current password is sent`);
const mailThrottled = errorResponse('Too many mail-sending actions (email changes, verification resends) by this account this hour (see Retry-After)');
const profileFields = {
  firstName: ruleSchema(ProfileFields.firstName),
  lastName: ruleSchema(ProfileFields.lastName),
  email: ruleSchema(ProfileFields.email, { description: 'Must be free; a new address starts unverified and is sent a verification link' }),
  currentPassword: ruleSchema(EmailChangeRequest.currentPassword, { description: "The caller's own password when the email changes (also an admin's, for someone else's email); left out, a sign-in or step-up within the last 10 minutes stands for it" }),
};

export const userOpenApiSchemas = {
  PublicProfile: {
    type: 'object',
    properties: { id: { ...string, format: 'uuid' }, firstName: string, lastName: string, fullName: string, avatar: { type: ['string', 'null'] }, memberSince: { ...string, format: 'date-time' } },
  },
  AdminStats: {
    type: 'object',
    properties: {
      ...Object.fromEntries(
        ['totalUsers', 'activeUsers', 'inactiveUsers', 'adminUsers', 'verifiedUsers', 'newUsersLast7Days', 'signedInUsers', 'totalProducts'].map((name) => [name, integer]),
      ),
      inventoryValue: { ...number, description: 'Sum of price x quantity over every catalogue' },
    },
  },
};

export const userOpenApiPaths = {
  '/api/users': {
    get: {
      operationId: 'listUsers',
      tags,
      summary: 'Admins: every account, newest first',
      security: bearer,
      parameters: [
        ...pageParams,
        { name: 'search', in: 'query', description: 'Case-insensitive substring of the name or email', schema: ruleSchema(UserListFields.search) },
      ],
      responses: {
        200: jsonResponse('A page of users', pageOf('users', 'User')),
        400: invalidId,
        401: unauthenticated,
        403: denied,
      },
    },
  },
  '/api/users/profile/me': {
    get: { operationId: 'getCurrentUser', tags, summary: 'The signed-in user', security: bearer, responses: { 200: oneUser('The user'), 401: unauthenticated } },
    put: {
      operationId: 'updateProfile',
      tags,
      summary: "The signed-in user's own name and email (same as GraphQL updateProfile)",
      security: bearer,
      requestBody: jsonBody({ type: 'object', additionalProperties: false, properties: profileFields }),
      responses: { 200: oneUser('The updated user'), 400: invalidId, 401: unauthenticated, 403: stepUp, 409: errorResponse('An account with this email already exists'), 429: mailThrottled },
    },
  },
  '/api/users/profile/password': {
    post: {
      operationId: 'changePassword',
      tags,
      summary:
        "Changes the signed-in user's password (or sets one, for an account single sign-on opened); every other session is signed out. Without currentPassword, a sign-in or step-up within the last 10 minutes stands for it",
      security: bearer,
      requestBody: jsonBody(rulesBody(ChangePasswordRequest)),
      responses: { 200: jsonResponse('Changed', ref('Message')), 400: errorResponse('Current password is incorrect, or the new one does not meet the policy'), 401: unauthenticated, 403: stepUp, 429: throttled },
    },
  },
  '/api/users/admin/stats': {
    get: {
      operationId: 'getAdminStats',
      tags: ['Admin'],
      summary: 'Admins: accounts and catalogues across the app',
      security: bearer,
      responses: { 200: jsonResponse('The statistics', { type: 'object', properties: { stats: ref('AdminStats') } }), 401: unauthenticated, 403: denied },
    },
  },
  '/api/users/verify-email': {
    post: {
      operationId: 'verifyEmail',
      tags,
      summary: 'Confirm an email address with the token from the emailed link',
      security: publicAccess,
      requestBody: jsonBody(rulesBody(VerifyEmailFields)),
      responses: { 200: jsonResponse('Verified', ref('Message')), 400: errorResponse('Invalid or expired link'), 429: throttled },
    },
  },
  '/api/users/resend-verification': {
    post: {
      operationId: 'resendVerification',
      tags,
      summary: 'Email a new verification link',
      security: bearer,
      responses: { 200: jsonResponse('Sent if needed', ref('Message')), 401: errorResponse('Not signed in'), 429: errorResponse('Too many mail-sending actions by this account, or verification mails to its address, this hour (see Retry-After)') },
    },
  },
  '/api/users/{id}': {
    get: {
      operationId: 'getUser',
      tags,
      summary: 'A whole account: your own, or any for an admin',
      security: bearer,
      parameters: [idParam],
      responses: { 200: oneUser('The user'), 400: invalidId, 401: unauthenticated, 403: denied, 404: notFound },
    },
    put: {
      operationId: 'updateUser',
      tags,
      summary: "Changes an account: your own name and email, or (admins) anyone's, including someone else's role and status",
      security: bearer,
      parameters: [idParam],
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        properties: { ...profileFields, role: ruleSchema(UserAdminFields.role), status: ruleSchema(UserAdminFields.status, { description: 'Inactive revokes every session' }) },
      }),
      responses: {
        200: oneUser('The updated user'),
        400: invalidId,
        401: unauthenticated,
        403: errorResponse('Access denied. Insufficient permissions (also for changing your own role or status)'),
        404: notFound,
        409: errorResponse('An account with this email already exists, or the change would leave no active administrator (The last active administrator cannot be made a Member / cannot be deactivated)'),
        429: mailThrottled,
        500: errorResponse('Failed to update user profile'),
      },
    },
    delete: {
      operationId: 'deactivateUser',
      tags,
      summary: 'Deactivates an account (status Inactive, every session revoked): your own, or any for an admin',
      security: bearer,
      parameters: [idParam],
      responses: {
        200: jsonResponse('Deactivated', ref('Message')),
        400: invalidId,
        401: unauthenticated,
        403: denied,
        404: notFound,
        409: errorResponse('The last active administrator cannot be deactivated'),
        500: errorResponse('Failed to deactivate user account'),
      },
    },
  },
  '/api/users/{id}/profile': {
    get: {
      operationId: 'getPublicProfile',
      tags,
      summary: "An active account's public profile: name, avatar and member since; no sign-in needed",
      security: publicAccess,
      parameters: [idParam],
      responses: { 200: jsonResponse('The profile', { type: 'object', properties: { profile: ref('PublicProfile') } }), 400: invalidId, 404: notFound },
    },
  },
};
