import { SecondFactorMessages, SignInWithCodeFields, StepUpFields, VerificationCodeFields } from '@stockroom/schema';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, publicAccess, ref, rulesBody, string, unauthenticated } from '../../rest/openapi-helpers';
import { DisableTotpRequest } from '../../account/step-up-fields';

const tags = ['Two-factor authentication'];
const invalid = errorResponse('Validation failed; `fields` holds a message per field (a wrong code: `code`, Invalid verification code)');
const throttled = errorResponse('Too many requests from this address (see Retry-After)');
const tokenDenied = errorResponse('Access denied. Insufficient permissions (an API token cannot manage factors)');
const locked = {
  ...errorResponse('Account temporarily locked due to multiple failed login attempts (wrong codes count as failed sign-ins); `retryAfterSeconds` says for how long'),
  headers: { 'Retry-After': { description: 'Seconds until the lock ends', schema: integer } },
};
const recoveryCodes = jsonResponse('Ten one-time recovery codes, shown this once', ref('RecoveryCodes'));

export const mfaOpenApiSchemas = {
  MfaRequired: {
    type: 'object',
    required: ['mfaRequired', 'mfaToken', 'methods'],
    description: 'The password was right; the sign-in goes on at POST /api/auth/signin/mfa. No session yet.',
    properties: {
      mfaRequired: { const: true },
      mfaToken: { ...string, description: 'Single use, valid 5 minutes' },
      methods: { type: 'array', items: { enum: ['totp', 'webauthn', 'recovery'] }, description: 'totp and recovery with an authenticator app, webauthn with a passkey (POST /api/auth/passkey/options with the mfaToken)' },
    },
  },
  RecoveryCodes: { type: 'object', required: ['recoveryCodes'], properties: { recoveryCodes: { type: 'array', items: string } } },
  SecondFactorStatus: {
    type: 'object',
    required: ['totp', 'recoveryCodesLeft', 'passwordSet'],
    properties: {
      totp: { type: 'boolean' },
      recoveryCodesLeft: integer,
      passwordSet: { type: 'boolean', description: "Whether the holder chose the account's password; false for an account single sign-on opened, until one is set" },
    },
  },
  TotpSetup: {
    type: 'object',
    required: ['secret', 'otpauthUrl'],
    properties: { secret: { ...string, description: 'Base32; in this answer only' }, otpauthUrl: { ...string, description: 'otpauth://totp/Stockroom:<email>?secret=…' } },
  },
};

export const mfaOpenApiPaths = {
  '/api/auth/signin/mfa': {
    post: {
      operationId: 'signInWithCode',
      tags: ['Auth'],
      summary: "Sign-in's second step: the token from /api/auth/signin and an authenticator code, a recovery code, or a passkey's answer (`assertion`, to the options of POST /api/auth/passkey/options with the token)",
      security: publicAccess,
      requestBody: jsonBody({
        ...rulesBody(SignInWithCodeFields),
        required: ['mfaToken'],
        description: 'The token and either `code` or `assertion` (sent without `code`)',
        properties: { ...rulesBody(SignInWithCodeFields).properties, assertion: ref('PasskeyAssertion') },
      }),
      responses: {
        200: jsonResponse('Signed in', ref('AuthResponse')),
        400: invalid,
        401: errorResponse('Invalid verification code or This passkey could not be verified (with `attemptsLeft` and `lockoutSeconds` near the lock), or This sign-in has expired. Please sign in again'),
        403: errorResponse('Account is inactive. Please contact support'),
        423: locked,
        429: throttled,
      },
    },
  },
  '/api/users/profile/mfa': {
    get: {
      operationId: 'getSecondFactors',
      tags,
      summary: "The signed-in account's second factors",
      security: bearer,
      responses: { 200: jsonResponse('Second factors', ref('SecondFactorStatus')), 401: unauthenticated, 403: tokenDenied },
    },
  },
  '/api/users/profile/mfa/totp': {
    post: {
      operationId: 'setUpTotp',
      tags,
      summary: 'Start setting up an authenticator app: its secret, shown this once; on once confirmed with a first code',
      security: bearer,
      responses: {
        200: jsonResponse('Set-up started', ref('TotpSetup')),
        400: invalid,
        401: unauthenticated,
        403: tokenDenied,
        409: errorResponse('Two-factor authentication is already on'),
        429: throttled,
      },
    },
    delete: {
      operationId: 'disableTotp',
      tags,
      summary:
        'Turn the authenticator off: a code (or a recovery code) and the password, or without it a sign-in or step-up within the last 10 minutes; the recovery codes go with it',
      security: bearer,
      requestBody: jsonBody(rulesBody(DisableTotpRequest)),
      responses: {
        200: jsonResponse('Turned off', ref('Message')),
        400: errorResponse('Validation failed, a wrong password (`fields.password`) or a wrong code (`fields.code`); either counts as a failed sign-in'),
        401: unauthenticated,
        403: errorResponse(`STEP_UP_REQUIRED: ${SecondFactorMessages.stepUpRequired} (no password sent, and none given in 10 minutes); an API token gets Access denied`),
        409: errorResponse('Set up two-factor authentication first'),
        423: locked,
        429: throttled,
      },
    },
  },
  '/api/users/profile/mfa/totp/confirm': {
    post: {
      operationId: 'confirmTotp',
      tags,
      summary: "Turn the authenticator on with its first code",
      security: bearer,
      requestBody: jsonBody(rulesBody(VerificationCodeFields)),
      responses: {
        200: recoveryCodes,
        400: invalid,
        401: unauthenticated,
        403: tokenDenied,
        409: errorResponse('Set up two-factor authentication first, or it is already on'),
        429: throttled,
      },
    },
  },
  '/api/users/profile/step-up/passkey/options': {
    post: {
      operationId: 'passkeyStepUpOptions',
      tags,
      summary: "Options for confirming it is you with a passkey: for the signed-in account's own passkeys (allowCredentials), checking their holder; answer at POST /api/users/profile/step-up with `assertion`",
      security: bearer,
      responses: {
        200: jsonResponse('Options', ref('PasskeyRequestOptions')),
        401: unauthenticated,
        403: tokenDenied,
        404: errorResponse('Passkey not found (the account has none)'),
        429: throttled,
      },
    },
  },
  '/api/users/profile/step-up': {
    post: {
      operationId: 'stepUp',
      tags,
      summary: 'Confirm it is you with the password, a code or a passkey: new API tokens and webhooks, adding or removing a passkey, and changing the email or password or turning the authenticator off without the password need it within 10 minutes of signing in',
      security: bearer,
      requestBody: jsonBody({
        ...rulesBody(StepUpFields),
        description: 'One of `password`, `code` or `assertion` (a passkey\'s answer to POST /api/users/profile/step-up/passkey/options)',
        properties: { ...rulesBody(StepUpFields).properties, assertion: ref('PasskeyAssertion') },
      }),
      responses: {
        200: jsonResponse('Confirmed', { type: 'object', required: ['verifiedUntil'], properties: { verifiedUntil: { ...string, format: 'date-time' } } }),
        400: errorResponse(
          'None sent, a wrong password (`fields.password`), a wrong code (`fields.code`), or a passkey answer that does not check out (`fields.assertion`: This passkey could not be verified; This passkey request has expired. Please try again; Passkey response format is invalid); a wrong one counts as a failed sign-in',
        ),
        401: unauthenticated,
        403: tokenDenied,
        423: locked,
        429: throttled,
      },
    },
  },
  '/api/users/profile/mfa/recovery-codes': {
    post: {
      operationId: 'regenerateRecoveryCodes',
      tags,
      summary: 'Ten new recovery codes for a current authenticator code; the earlier ones stop working',
      security: bearer,
      requestBody: jsonBody(rulesBody(VerificationCodeFields)),
      responses: {
        200: recoveryCodes,
        400: invalid,
        401: unauthenticated,
        403: tokenDenied,
        409: errorResponse('Set up two-factor authentication first'),
        423: locked,
        429: throttled,
      },
    },
  },
};
