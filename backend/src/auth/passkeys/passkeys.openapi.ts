import { MAX_PASSKEYS_PER_ACCOUNT, PasskeyNameFields, SecondFactorMessages } from '@stockroom/schema';
import { bearer, errorResponse, jsonBody, jsonResponse, publicAccess, ref, rulesBody, ruleSchema, string, unauthenticated, integer } from '../../rest/openapi-helpers';

const tags = ['Passkeys'];
const throttled = errorResponse('Too many requests from this address (see Retry-After)');
const tokenDenied = errorResponse('Access denied. Insufficient permissions (an API token cannot manage factors)');
const stepUp = errorResponse(`STEP_UP_REQUIRED: ${SecondFactorMessages.stepUpRequired} (POST /api/users/profile/step-up); an API token gets Access denied`);
const idParam = [{ name: 'id', in: 'path', required: true, schema: { ...string, format: 'uuid' } }];
const locked = {
  ...errorResponse('Account temporarily locked due to multiple failed login attempts (wrong passkey answers count as failed sign-ins); `retryAfterSeconds` says for how long'),
  headers: { 'Retry-After': { description: 'Seconds until the lock ends', schema: integer } },
};
const webAuthnJson = (description: string) => ({ type: 'object', additionalProperties: true, description });

export const passkeysOpenApiSchemas = {
  Passkey: {
    type: 'object',
    required: ['id', 'name', 'transports', 'createdAt', 'lastUsedAt'],
    properties: {
      id: { ...string, format: 'uuid' },
      name: string,
      transports: { type: 'array', items: string, description: 'How a browser may reach the authenticator: internal, usb, nfc, ble, hybrid…' },
      createdAt: { ...string, format: 'date-time' },
      lastUsedAt: { type: ['string', 'null'], format: 'date-time', description: 'The last sign-in with it; null: never used' },
    },
  },
  PasskeyCreationOptions: webAuthnJson('PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3), for navigator.credentials.create() or @simplewebauthn/browser startRegistration(); its challenge is single use, for 5 minutes'),
  PasskeyRequestOptions: webAuthnJson('PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3), for navigator.credentials.get() or @simplewebauthn/browser startAuthentication(); its challenge is single use, for 5 minutes'),
  PasskeyAssertion: webAuthnJson("The browser's answer (AuthenticationResponseJSON: id, rawId, type public-key, response.clientDataJSON, authenticatorData, signature, userHandle; base64url)"),
};

const passkeyBody = (description: string) => jsonResponse(description, { type: 'object', required: ['passkey'], properties: { passkey: ref('Passkey') } });

export const passkeysOpenApiPaths = {
  '/api/auth/passkey/options': {
    post: {
      operationId: 'passkeySignInOptions',
      tags: ['Auth'],
      summary: "Options for signing in with a passkey: without a body, for any of this site's passkeys instead of the password; with the mfaToken of a right password, for that account's passkeys as the second factor",
      security: publicAccess,
      requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', additionalProperties: false, properties: { mfaToken: { type: ['string', 'null'], maxLength: 200, description: 'The token of a right password, for its account\'s passkeys as the second factor; null or left out: instead of the password' } } } } } },
      responses: {
        200: jsonResponse('Options', ref('PasskeyRequestOptions')),
        400: errorResponse('Validation failed'),
        401: errorResponse('This sign-in has expired. Please sign in again (the mfaToken)'),
        404: errorResponse('Passkey not found (the account of the mfaToken has none)'),
        429: throttled,
      },
    },
  },
  '/api/auth/passkey/signin': {
    post: {
      operationId: 'signInWithPasskey',
      tags: ['Auth'],
      summary: 'Sign in with a passkey: its answer to the options; without mfaToken instead of the password, with it as the second factor',
      security: publicAccess,
      requestBody: jsonBody({ type: 'object', additionalProperties: false, required: ['assertion'], properties: { mfaToken: { type: ['string', 'null'], maxLength: 200, description: 'The token of a right password, for its account\'s passkeys as the second factor; null or left out: instead of the password' }, assertion: ref('PasskeyAssertion') } }),
      responses: {
        200: jsonResponse('Signed in', ref('AuthResponse')),
        400: errorResponse('Validation failed (`fields.assertion`: Passkey response format is invalid)'),
        401: errorResponse('This passkey could not be verified (forged, for another site, unknown, or another account’s; with `attemptsLeft` near the lock), This passkey request has expired. Please try again, or This sign-in has expired. Please sign in again'),
        403: errorResponse('Account is inactive. Please contact support'),
        423: locked,
        429: throttled,
      },
    },
  },
  '/api/users/profile/passkeys': {
    get: {
      operationId: 'listPasskeys',
      tags,
      summary: "The signed-in account's passkeys",
      security: bearer,
      responses: {
        200: jsonResponse('Passkeys', { type: 'object', required: ['passkeys'], properties: { passkeys: { type: 'array', items: ref('Passkey') } } }),
        401: unauthenticated,
        403: tokenDenied,
      },
    },
    post: {
      operationId: 'addPasskey',
      tags,
      summary: `Add the passkey the browser made from the options, under a name (at most ${MAX_PASSKEYS_PER_ACCOUNT}); emailed to the account and listed in its activity. Needs step-up`,
      security: bearer,
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['name', 'attestation'],
        properties: { name: ruleSchema(PasskeyNameFields.name), attestation: webAuthnJson("The browser's answer (RegistrationResponseJSON, attestation none is enough)") },
      }),
      responses: {
        201: passkeyBody('Added'),
        400: errorResponse('Validation failed; `fields.attestation`: Passkey response format is invalid, This passkey could not be verified, or This passkey request has expired. Please try again'),
        401: unauthenticated,
        403: stepUp,
        409: errorResponse(`This passkey is already added to an account, or the account has ${MAX_PASSKEYS_PER_ACCOUNT} passkeys`),
        429: throttled,
      },
    },
  },
  '/api/users/profile/passkeys/options': {
    post: {
      operationId: 'passkeyRegistrationOptions',
      tags,
      summary: 'Options for adding a passkey (a discoverable credential for this site, none of the account’s own again). Needs step-up',
      security: bearer,
      responses: {
        200: jsonResponse('Options', ref('PasskeyCreationOptions')),
        400: errorResponse('Validation failed'),
        401: unauthenticated,
        403: stepUp,
        409: errorResponse(`The account has ${MAX_PASSKEYS_PER_ACCOUNT} passkeys`),
        429: throttled,
      },
    },
  },
  '/api/users/profile/passkeys/{id}': {
    patch: {
      operationId: 'renamePasskey',
      tags,
      summary: 'Rename one of your passkeys',
      security: bearer,
      parameters: idParam,
      requestBody: jsonBody(rulesBody(PasskeyNameFields)),
      responses: { 200: passkeyBody('Renamed'), 400: errorResponse('Validation failed, or Invalid ID format'), 401: unauthenticated, 403: tokenDenied, 404: errorResponse('Passkey not found (also for another account’s)') },
    },
    delete: {
      operationId: 'removePasskey',
      tags,
      summary: 'Remove one of your passkeys; emailed to the account and listed in its activity. Needs step-up',
      security: bearer,
      parameters: idParam,
      responses: { 200: jsonResponse('Removed', ref('Message')), 400: errorResponse('Invalid ID format'), 401: unauthenticated, 403: stepUp, 404: errorResponse('Passkey not found (also for another account’s)') },
    },
  },
};
