import type { RequestHandler } from 'express';
import { databaseOutageError, type DatabaseBreaker } from '../common/database-outage';

/**
 * REST requests while the breaker is open: the outage's 503 straight away (through the error
 * handler, so the body and Retry-After are the usual ones), and one check whether the database is back.
 */
export function restDatabaseGate(breaker: DatabaseBreaker): RequestHandler {
  return (_req, _res, next) => {
    if (breaker.openReason === undefined) return next();
    void breaker.probe();
    next(databaseOutageError());
  };
}

/** GraphQL requests while the breaker is open: the 503 a field would have had, before any resolver waits for the database. */
export function graphqlDatabaseGate(breaker: DatabaseBreaker): RequestHandler {
  return (_req, res, next) => {
    if (breaker.openReason === undefined) return next();
    void breaker.probe();
    const { code, message, retryAfterSeconds } = databaseOutageError();
    res.status(503).set('Retry-After', String(retryAfterSeconds)).json({ errors: [{ message, extensions: { code, retryAfterSeconds } }] });
  };
}
