/**
 * The codes an error of the app carries: GraphQL sends one as
 * `extensions.code`, REST as `code` beside an HTTP status the server picks.
 * Clients branch on these, never on a message's text, so the list is shared.
 */
export const ERROR_CODES = [
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** An idempotency key sent again with a different request (HTTP 422). */
  'IDEMPOTENCY_KEY_REUSED',
  'GONE',
  'ACCOUNT_LOCKED',
  'ACCOUNT_INACTIVE',
  /** A sensitive action in a session whose password or code was last given more than 10 minutes ago (HTTP 403): confirm with `stepUp`, then retry. */
  'STEP_UP_REQUIRED',
  /** A request in a workspace that requires two-factor authentication by an account without a second factor (HTTP 403): set one up in the profile. */
  'SECOND_FACTOR_REQUIRED',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const CODES: ReadonlySet<unknown> = new Set(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => CODES.has(value);
