import { SecondFactorMessages, SINGLE_SIGN_ON_ERROR_PARAM } from '@stockroom/schema';
import { bearer, errorResponse, jsonResponse, publicAccess, ref, string } from '../../rest/openapi-helpers';

const off = errorResponse('Single sign-on is not configured (no OIDC_ settings)');
const notSignedIn = errorResponse('Not signed in');
const redirect = (description: string) => ({ description, headers: { Location: { description: 'Where the browser goes next', schema: string } } });

const singleSignOnLink = {
  type: 'object',
  additionalProperties: false,
  required: ['provider', 'linked', 'email', 'linkedAt'],
  properties: {
    provider: { ...string, description: 'OIDC_NAME' },
    linked: { type: 'boolean' },
    email: { type: ['string', 'null'], description: 'The email the provider gave when the link was made' },
    linkedAt: { type: ['string', 'null'], format: 'date-time' },
  },
};

export const oidcOpenApiPaths = {
  '/api/auth/options': {
    get: {
      operationId: 'getSignInOptions',
      tags: ['Auth'],
      summary: 'What the sign-in page offers besides the password: single sign-on, when configured',
      security: publicAccess,
      responses: {
        200: jsonResponse('The options', {
          type: 'object',
          additionalProperties: false,
          required: ['singleSignOn'],
          properties: {
            singleSignOn: {
              oneOf: [
                { type: 'null', description: 'Single sign-on is off' },
                { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { ...string, description: 'The provider, for "Sign in with {name}"' } } },
              ],
            },
          },
        }),
      },
    },
  },
  '/api/auth/oidc/start': {
    get: {
      operationId: 'startSingleSignOn',
      tags: ['Auth'],
      summary: 'A browser navigation: redirects to the OpenID provider (authorization code flow with PKCE, state and nonce)',
      security: publicAccess,
      parameters: [{ name: 'returnUrl', in: 'query', required: false, schema: string, description: 'A path of the app to land on once signed in' }],
      responses: { 302: redirect(`To the provider; to the sign-in page with \`${SINGLE_SIGN_ON_ERROR_PARAM}\` when it cannot be reached`), 404: off, 429: errorResponse('Too many requests from this address') },
    },
  },
  '/api/auth/oidc/callback': {
    get: {
      operationId: 'finishSingleSignOn',
      tags: ['Auth'],
      summary: "The provider's redirect URI (register APP_URL/api/auth/oidc/callback): signs in, or links the account that asked",
      security: publicAccess,
      parameters: [
        { name: 'code', in: 'query', required: false, schema: string },
        { name: 'state', in: 'query', required: false, schema: string },
      ],
      responses: {
        302: redirect(`Signed in: to /auth/login?sso=signed-in, where the client picks the session up; an account with a second factor: to /auth/login?sso=second-factor#mfaToken=…&methods=… (the fragment: the token reaches no server), whose code step finishes at POST /api/auth/signin/mfa; linked: to /profile?sso=linked; refused: to the sign-in page or the profile with \`${SINGLE_SIGN_ON_ERROR_PARAM}\` naming why`),
        404: off,
        429: errorResponse('Too many requests from this address'),
      },
    },
  },
  '/api/auth/oidc/session': {
    post: {
      operationId: 'takeSingleSignOnSession',
      tags: ['Auth'],
      summary: 'The session a single sign-on just opened, from the short-lived httpOnly cookie the callback set',
      security: publicAccess,
      responses: { 200: jsonResponse('Signed in', ref('AuthResponse')), 401: errorResponse('No single sign-on is waiting to be picked up, or its session has ended'), 404: off },
    },
  },
  '/api/auth/oidc/link': {
    get: {
      operationId: 'getSingleSignOnLink',
      tags: ['Auth'],
      summary: "The caller's link to the provider",
      security: bearer,
      responses: { 200: jsonResponse('The link', singleSignOnLink), 401: notSignedIn, 404: off },
    },
    post: {
      operationId: 'startSingleSignOnLink',
      tags: ['Auth'],
      summary: "The provider's sign-in URL to send the browser to; its callback links the caller's account",
      security: bearer,
      responses: {
        200: jsonResponse('Go there', { type: 'object', additionalProperties: false, required: ['url'], properties: { url: { ...string, format: 'uri' } } }),
        401: notSignedIn,
        403: errorResponse('The sign-in provider cannot be reached right now'),
        404: off,
        429: errorResponse('Too many requests from this address'),
      },
    },
    delete: {
      operationId: 'unlinkSingleSignOn',
      tags: ['Auth'],
      summary: "Removes the caller's link: the provider no longer signs in to this account. Needs step-up; refused while it is the account's only way in",
      security: bearer,
      responses: {
        200: jsonResponse('Unlinked', ref('Message')),
        401: notSignedIn,
        403: errorResponse(`STEP_UP_REQUIRED: ${SecondFactorMessages.stepUpRequired} (POST /api/users/profile/step-up)`),
        404: errorResponse('Not linked, or single sign-on is not configured'),
        409: errorResponse('The provider is the only way in: the account has no password its holder chose and no passkey'),
      },
    },
  },
};
