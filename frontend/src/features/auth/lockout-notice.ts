import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { LockoutMessages } from '@stockroom/schema';
import { parseJson } from '../../lib/errors';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

/** The numbers a refused sign-in carries: GraphQL extensions, or the fields of a REST error body. */
function detailsOf(error: unknown): Json {
  if (CombinedGraphQLErrors.is(error)) return error.errors.find((e) => isObject(e.extensions))?.extensions ?? {};
  if (ServerError.is(error)) {
    const body = parseJson(error.bodyText);
    return isObject(body) ? body : {};
  }
  return {};
}

/**
 * The sentence that goes under a refused sign-in's message: how many attempts
 * are left before the lock and how long it lasts, or how long a lock still
 * lasts; null when the server sent neither (a failure far from the lock).
 */
export function lockoutNoticeOf(error: unknown): string | null {
  const details = detailsOf(error);
  const attemptsLeft = count(details.attemptsLeft);
  const lockoutSeconds = count(details.lockoutSeconds);
  const retryAfterSeconds = count(details.retryAfterSeconds);
  if (details.code === 'ACCOUNT_LOCKED' && retryAfterSeconds !== undefined) return LockoutMessages.tryAgainIn(retryAfterSeconds);
  if (attemptsLeft === undefined || lockoutSeconds === undefined) return null;
  return attemptsLeft > 0 ? LockoutMessages.attemptsLeft(attemptsLeft, lockoutSeconds) : LockoutMessages.lockedNow(lockoutSeconds);
}
