import { LOW_STOCK_EMAIL_MODES, NotificationMessages, NotificationSettingsFields } from '@stockroom/schema';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, ref, string, unauthenticated } from '../rest/openapi-helpers';

const tags = ['Notifications'];
const sessionsOnly = errorResponse('Access denied. Insufficient permissions: notification settings are changed with a signed-in session, never with a token');
const modes = { enum: [...LOW_STOCK_EMAIL_MODES], description: LOW_STOCK_EMAIL_MODES.map((mode) => `${mode}: ${NotificationMessages.modes[mode]}`).join('; ') };
const digestHour = { ...integer, minimum: NotificationSettingsFields.digestHour.min, maximum: NotificationSettingsFields.digestHour.max, description: 'The local hour a daily digest goes out at' };
const answer = (description: string) => jsonResponse(description, { type: 'object', required: ['notificationSettings'], properties: { notificationSettings: ref('NotificationSettings') } });

export const notificationSettingsOpenApiSchemas = {
  NotificationSettings: {
    type: 'object',
    required: ['lowStockEmails', 'digestHour', 'timeZone'],
    properties: {
      lowStockEmails: modes,
      digestHour,
      timeZone: { type: ['string', 'null'], description: 'IANA time zone of the digest hour; null until chosen (UTC is used)' },
    },
  },
};

export const notificationSettingsOpenApiPaths = {
  '/api/users/profile/notifications': {
    get: {
      operationId: 'getNotificationSettings',
      tags,
      summary: "The signed-in user's low-stock email settings (NEVER until changed)",
      security: bearer,
      responses: { 200: answer('The settings'), 401: unauthenticated, 403: sessionsOnly },
    },
    put: {
      operationId: 'updateNotificationSettings',
      tags,
      summary: 'Changes any of your low-stock email settings (same as GraphQL updateNotificationSettings)',
      security: bearer,
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        properties: {
          lowStockEmails: modes,
          digestHour,
          timeZone: { ...string, minLength: 1, maxLength: NotificationSettingsFields.timeZone.max, description: 'An IANA time zone name, such as Europe/Paris' },
        },
      }),
      responses: {
        200: answer('The settings as stored (the time zone as Intl names it)'),
        400: errorResponse('A field failed its rule (message and per-field `fields`)'),
        401: unauthenticated,
        403: sessionsOnly,
        500: errorResponse(NotificationMessages.saveFailed),
      },
    },
  },
};
