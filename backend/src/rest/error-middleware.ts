import type { ErrorRequestHandler, RequestHandler } from 'express';
import { GeneralMessages } from '@stockroom/schema';
import { databaseOutageError, databaseOutageOf, logDatabaseOutage, type DatabaseBreaker } from '../common/database-outage';
import { DomainError, internalError, ServiceUnavailableError, TooManyRequestsError } from '../common/errors';
import { log } from '../common/log';
import { routeOf } from '../observability/request-log';
import { errorAnswerOf } from './error-answer';

/** Errors raised by express.json() before any route runs. */
function fromBodyParser(error: { type?: string }): DomainError | undefined {
  if (error.type === 'entity.parse.failed') return new DomainError('BAD_USER_INPUT', GeneralMessages.malformedJson);
  if (error.type === 'entity.too.large') return new DomainError('PAYLOAD_TOO_LARGE', GeneralMessages.payloadTooLarge);
  if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
    return new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported request encoding');
  }
  return undefined;
}

/** A database that is down or did not answer: a 503 the client may retry, logged once in a while rather than per request. */
function fromDatabaseOutage(error: unknown, where: string, breaker: DatabaseBreaker): ServiceUnavailableError | undefined {
  const reason = databaseOutageOf(error);
  if (reason === undefined) return undefined;
  logDatabaseOutage(reason, where);
  breaker.open(reason);
  return databaseOutageError();
}

/**
 * Maps a DomainError to its status once; anything else is a 500 with a generic message and is logged.
 * A database outage is a 503 and opens the breaker, so the next requests do not wait for the database.
 */
export function restErrorHandler(breaker: DatabaseBreaker): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const where = `${req.method} ${routeOf(req)}`;
    const known = error instanceof DomainError ? error : (fromBodyParser(error) ?? fromDatabaseOutage(error, where, breaker));
    if (!known) log.error({ err: error, method: req.method, route: routeOf(req) }, 'unexpected error');
    const answered = known ?? internalError();
    if (known instanceof TooManyRequestsError || known instanceof ServiceUnavailableError) res.set('Retry-After', String(known.retryAfterSeconds));
    if (answered.details?.retryAfterSeconds !== undefined) res.set('Retry-After', String(answered.details.retryAfterSeconds));
    const { status, body } = errorAnswerOf(answered);
    res.status(status).json(body);
  };
}

export const restNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: GeneralMessages.resourceNotFound, code: 'NOT_FOUND' });
};
