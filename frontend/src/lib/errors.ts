import { CombinedGraphQLErrors, isErrorLike, ServerError, ServerParseError } from '@apollo/client/errors';
import { AuthMessages, type ErrorCode, GeneralMessages, isErrorCode, WorkspaceMessages } from '@stockroom/schema';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** A response body as JSON; undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The HTTP status and parsed body of a failed call, whatever shape the error has. */
function responseOf(error: unknown): { status?: number; body?: unknown } {
  if (ServerError.is(error) || ServerParseError.is(error)) {
    return { status: error.statusCode, body: parseJson(error.bodyText) };
  }
  if (CombinedGraphQLErrors.is(error)) {
    return { body: { message: error.errors.find((e) => nonEmpty(e.message))?.message } };
  }
  // A thrown Error's own message is for developers ("Failed to fetch"), never shown.
  if (isErrorLike(error)) return {};
  if (isObject(error)) {
    const status = typeof error.status === 'number' ? error.status : typeof error.statusCode === 'number' ? error.statusCode : undefined;
    return { status, body: 'body' in error ? error.body : error };
  }
  return {};
}

/** No response at all: fetch rejected (offline, DNS, refused, aborted by timeout). */
function isNetworkFailure(error: unknown): boolean {
  if (ServerError.is(error) || ServerParseError.is(error) || CombinedGraphQLErrors.is(error)) return false;
  if (!isObject(error)) return false;
  const name = typeof error.name === 'string' ? error.name : '';
  const message = typeof error.message === 'string' ? error.message : '';
  return (
    name === 'TypeError' ||
    name === 'AbortError' ||
    name === 'TimeoutError' ||
    /failed to fetch|networkerror|network request failed|load failed/i.test(message)
  );
}

/**
 * The message a user sees, the first that applies: the message in the
 * server's error body, then a nested error message, then for a 401 the
 * invalid-credentials message, otherwise the generic one. A call that got no
 * response at all is reported as a network error.
 */
export function extractErrorMessage(error: unknown): string {
  const { status, body } = responseOf(error);
  if (isObject(body)) {
    if (nonEmpty(body.message)) return body.message;
    if (isObject(body.error) && nonEmpty(body.error.message)) return body.error.message;
    if (Array.isArray(body.errors) && isObject(body.errors[0]) && nonEmpty(body.errors[0].message)) {
      return body.errors[0].message;
    }
  }
  if (status === 401) return AuthMessages.invalidCredentials;
  if (status === undefined && isNetworkFailure(error)) return GeneralMessages.network;
  return GeneralMessages.somethingWentWrong;
}

/** Messages extractErrorMessage makes up when the server said nothing usable. */
const NOT_FROM_SERVER: ReadonlySet<string> = new Set([GeneralMessages.somethingWentWrong, GeneralMessages.network, AuthMessages.invalidCredentials]);

/**
 * The message for a call with a fallback of its own ('Failed to create product',
 * 'Failed to update user profile', ...): the server's message if there is
 * one, otherwise the fallback.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  const message = extractErrorMessage(error);
  return NOT_FROM_SERVER.has(message) ? fallback : message;
}

/**
 * The `extensions.code` of a GraphQL error, if it is one of the app's codes
 * (ERROR_CODES, shared with the server): a comparison with a code the server
 * never sends does not compile.
 */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors.find((e) => typeof e.extensions?.code === 'string')?.extensions?.code;
  return isErrorCode(code) ? code : undefined;
}

/** Field messages the server attached to an error (extensions.fields, or `fields` of a REST body): a BAD_USER_INPUT's, or a taken email's. */
export function extractFieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  const collect = (value: unknown) => {
    if (!isObject(value)) return;
    for (const [key, message] of Object.entries(value)) if (nonEmpty(message)) fields[key] = message;
  };
  if (CombinedGraphQLErrors.is(error)) {
    for (const graphQLError of error.errors) collect(graphQLError.extensions?.fields);
  } else if (ServerError.is(error)) {
    const body = parseJson(error.bodyText);
    if (isObject(body)) collect(body.fields);
  }
  return fields;
}

/** The server's per-field messages (`extensions.fields`) for the fields a form has, as final-form submit errors. */
export function formFieldErrors<K extends string>(error: unknown, fields: ReadonlySet<K>): Partial<Record<K, string>> | undefined {
  const errors: Partial<Record<K, string>> = {};
  for (const [field, message] of Object.entries(extractFieldErrors(error))) {
    if (fields.has(field as K)) errors[field as K] = message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** No such record for this caller, asked for by id: NOT_FOUND, or an id that is not one ('Invalid ID format'). */
export function isMissingById(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'NOT_FOUND' || (code === 'BAD_USER_INPUT' && 'id' in extractFieldErrors(error));
}

/** A rejected session: GraphQL code UNAUTHENTICATED or an HTTP 401. */
export function isUnauthenticatedError(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
  }
  if (ServerError.is(error) || ServerParseError.is(error)) return error.statusCode === 401;
  return false;
}

/** The request's workspace is gone for this account (deleted, or the account left it): 404 'Workspace not found'. */
export function isWorkspaceNotFoundError(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return error.errors.some((e) => e.message === WorkspaceMessages.notFound);
  if (ServerError.is(error)) return error.statusCode === 404 && extractErrorMessage(error) === WorkspaceMessages.notFound;
  return false;
}

/**
 * The request's workspace requires a second factor and the account has none (SECOND_FACTOR_REQUIRED, 403):
 * every request in it fails alike until one is set up in the profile.
 */
export function isSecondFactorRequiredError(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return error.errors.some((e) => e.extensions?.code === 'SECOND_FACTOR_REQUIRED');
  if (ServerError.is(error)) return error.statusCode === 403 && extractErrorMessage(error) === WorkspaceMessages.secondFactorRequired;
  return false;
}
