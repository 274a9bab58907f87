import { ValidationMessages } from './messages';
import { validateField, type FieldErrors, type TextRule } from './validation';

/**
 * Personal access tokens: a secret an integration sends as
 * `Authorization: Bearer stk_...` instead of a session. Its scopes let it
 * read (`read`) or also change (`write`) the catalogue, never the account.
 */

/** What a token may do: `read` products, stats, history and the dashboard; `write` also change products and stock. */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts with this, so secret scanners (and people) recognise a leaked one. */
export const API_TOKEN_PREFIX = 'stk_';
/** The secret after the prefix: 32 random bytes in base64url. */
export const API_TOKEN_SECRET_LENGTH = 43;
/** How much of the token the list shows, to tell tokens apart: the prefix and the secret's first characters. */
export const API_TOKEN_DISPLAY_LENGTH = API_TOKEN_PREFIX.length + 6;
const TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{${API_TOKEN_SECRET_LENGTH}}$`);

/** Whether a bearer token is meant as an API token (whatever follows the prefix). */
export const isApiTokenLike = (token: string) => token.startsWith(API_TOKEN_PREFIX);
/** Whether a bearer token has the exact shape of an API token. */
export const isApiTokenShape = (token: string) => TOKEN_PATTERN.test(token);

export const MAX_API_TOKENS_PER_USER = 20;
export const API_TOKEN_MIN_DAYS = 30;
export const API_TOKEN_MAX_DAYS = 365;
/** The lifetimes the profile offers, in days; null is "never expires". */
export const API_TOKEN_LIFETIMES = [30, 90, 180, 365, null] as const;
export type ApiTokenLifetime = (typeof API_TOKEN_LIFETIMES)[number];

const DAY_MS = 24 * 60 * 60_000;
/** A client's clock may run behind the server's, and a request takes time to arrive: a 30-day expiry made by a client is still accepted. */
const EXPIRY_SLACK_MS = DAY_MS;

/**
 * Why a token stopped working before its expiry, other than its owner revoking
 * it (which deletes it): whatever ends the account's other sessions ends its
 * tokens too, since whoever had the old password or a session could have made them.
 */
export const API_TOKEN_REVOKED_REASONS = ['account_deactivated', 'password_reset', 'password_changed'] as const;
export type ApiTokenRevokedReason = (typeof API_TOKEN_REVOKED_REASONS)[number];

export const ApiTokenMessages = {
  tooMany: `You can have at most ${MAX_API_TOKENS_PER_USER} API tokens. Revoke one you no longer need first`,
  scopesRequired: 'Choose at least one scope',
  scopesInvalid: `Scopes must be ${API_TOKEN_SCOPES.join(' or ')}`,
  expiryRange: `Expiry must be between ${API_TOKEN_MIN_DAYS} days and a year from now, or never`,
  notFound: 'API token not found',
  created: 'API token created',
  revoked: 'API token revoked',
  createFailed: 'Failed to create API token',
  revokeFailed: 'Failed to revoke API token',
  /** Why a revoked token in the list no longer works. */
  revokedReasons: {
    account_deactivated: 'Revoked when the account was deactivated',
    password_reset: 'Revoked when the password was reset',
    password_changed: 'Revoked when the password was changed',
  } satisfies Record<ApiTokenRevokedReason, string>,
  /** What the profile says about tokens and passwords, so nobody is surprised when a password change stops their scripts. */
  passwordChangeNote: 'Changing or resetting your password revokes every token, as it signs you out everywhere else.',
  shownOnce: "Copy the token now: it is shown only once. Stockroom keeps only a hash of it and cannot show it again.",
} as const;

export const ApiTokenFields = {
  name: { kind: 'text', label: 'Name', required: true, min: 1, max: 100 } satisfies TextRule,
};

/** The expiry a lifetime in days gives, counted from `now`; null never expires. */
export const expiryOf = (days: ApiTokenLifetime, now = Date.now()): string | null => (days === null ? null : new Date(now + days * DAY_MS).toISOString());

export interface ApiTokenInput {
  name?: unknown;
  scopes?: unknown;
  expiresAt?: unknown;
}

/**
 * Every field of a new token that fails its rule: a name, one or both scopes,
 * and an expiry 30 days to a year ahead, or none (null or left out: never).
 */
export function validateApiTokenInput(input: ApiTokenInput, now = Date.now()): FieldErrors {
  const errors: FieldErrors = {};
  const name = validateField(ApiTokenFields.name, input.name);
  if (name) errors.name = name;
  const { scopes } = input;
  if (!Array.isArray(scopes) || scopes.length === 0) errors.scopes = Array.isArray(scopes) || scopes == null ? ApiTokenMessages.scopesRequired : ApiTokenMessages.scopesInvalid;
  else if (!scopes.every((scope) => (API_TOKEN_SCOPES as readonly unknown[]).includes(scope))) errors.scopes = ApiTokenMessages.scopesInvalid;
  const { expiresAt } = input;
  if (expiresAt !== undefined && expiresAt !== null) {
    const time = expiresAt instanceof Date ? expiresAt.getTime() : typeof expiresAt === 'string' ? Date.parse(expiresAt) : NaN;
    if (Number.isNaN(time)) errors.expiresAt = ValidationMessages.invalidFormat('Expiry');
    else if (time < now + API_TOKEN_MIN_DAYS * DAY_MS - EXPIRY_SLACK_MS || time > now + API_TOKEN_MAX_DAYS * DAY_MS + EXPIRY_SLACK_MS) {
      errors.expiresAt = ApiTokenMessages.expiryRange;
    }
  }
  return errors;
}
