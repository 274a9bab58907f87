import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { inRequestScope } from '../common/log';
import { logOncePerWindow } from '../common/rate-limited-log';
import type { Metrics } from './metrics';
import { requestIdOf } from '../common/request-id';

/**
 * The route a request was answered by, as a pattern (`/api/products/:id`),
 * never the path it asked for: ids and tokens stay out of the logs and the
 * metrics' labels. What no route answered is named by where it went.
 */
export function routeOf(req: Request): string {
  const path = req.route?.path;
  if (typeof path === 'string') return `${req.baseUrl || mountPathOf(req.originalUrl, path)}${path}`.replace(/(.)\/$/, '$1');
  const url = req.originalUrl;
  if (/^\/graphql(?:[/?]|$)/.test(url)) return '/graphql';
  if (/^\/assets\//.test(url)) return '/assets/*';
  if (/^\/uploads\//.test(url)) return '/uploads/*';
  if (/^\/api(?:[/?]|$)/.test(url)) return '/api (no route)';
  return '(no route)';
}

/**
 * Where the router of `routePath` is mounted, from the path asked for: an
 * error answered by the app's error handler has left its router, and
 * Express has reset the mount path by then. `/api/products/5` answered by
 * `/:id` was under `/api/products`.
 */
function mountPathOf(originalUrl: string, routePath: string): string {
  const segments = originalUrl.split('?')[0].split('/');
  const routeSegments = routePath.split('/').filter(Boolean).length;
  return segments.slice(0, segments.length - routeSegments).join('/');
}

/** The GraphQL operation a request carries: its name and type, read from the parsed body or the query string. */
export function graphqlOperationOf(req: Request): { name: string | undefined; type: string } | undefined {
  const source = (req.method === 'GET' ? req.query : req.body) as { query?: unknown; operationName?: unknown } | undefined;
  if (!source || typeof source.query !== 'string') return undefined;
  const declared = /^\s*(query|mutation|subscription)\b\s*([_A-Za-z][_0-9A-Za-z]*)?/.exec(source.query.replace(/^\s*(#[^\n]*\n\s*)*/, ''));
  const name = typeof source.operationName === 'string' && source.operationName ? source.operationName : declared?.[2];
  return { name: name?.slice(0, 100), type: declared?.[1] ?? 'query' };
}

/** Probes polled every few seconds and the client's files: logged only at debug, so the log shows what people do. */
const QUIET_ROUTE = /^(\/api\/health\/|\/api\/users\/health\/|\/assets\/)/;

/**
 * 503 is the app saying "not now" (the database or the store away, a full queue, a shutdown), already logged
 * by what caused it; while that lasts every request gets one. So a warn line at most every few seconds, with
 * how many more were refused since the last one, and each of them at debug.
 */
function logRefused(log: Logger, line: object): void {
  const written = logOncePerWindow('request refused', (heldBack) => log.warn(heldBack ? { ...line, refusedSinceLastLine: heldBack } : line, 'request refused for now'));
  if (!written) log.debug(line, 'request refused for now');
}

function logAnswer(log: Logger, req: Request, res: Response, seconds: number, metrics: Metrics | undefined): void {
  const route = routeOf(req);
  const operation = route === '/graphql' ? graphqlOperationOf(req) : undefined;
  const line = {
    method: req.method,
    route,
    ...(operation && { operation: operation.name ?? 'anonymous', operationType: operation.type }),
    status: res.statusCode,
    durationMs: Math.round(seconds * 10_000) / 10,
  };
  if (res.statusCode >= 500 && res.statusCode !== 503) log.error(line, 'request failed');
  else if (res.statusCode === 503) logRefused(log, line);
  else if (QUIET_ROUTE.test(route)) log.debug(line, 'request');
  else log.info(line, 'request');
  metrics?.request(req.method, route, res.statusCode, seconds);
  if (operation) metrics?.graphqlOperation(operation.name, operation.type, seconds);
}

/**
 * First on every request: its id (a proxy's X-Request-Id when sane, else a
 * new one), sent back in X-Request-Id and carried by every log line written
 * while it is answered; then one line when it is answered (method, route,
 * GraphQL operation, status, duration) and its measurement.
 */
export function requestLog(appLog: Logger, metrics?: Metrics): RequestHandler {
  // These lines hold only the fields written above, none of them secret, so they skip the redaction: its
  // wildcard paths would pass every value of every line through it. Messages are still masked.
  const log = appLog.child({}, { redact: { paths: [] } });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req.get('x-request-id'));
    res.setHeader('X-Request-Id', requestId);
    res.locals.requestId = requestId;
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    res.once('finish', () => inRequestScope(requestId, () => logAnswer(log, req, res, seconds(), metrics)));
    res.once('close', () => {
      if (!res.writableFinished) inRequestScope(requestId, () => log.warn({ method: req.method, route: routeOf(req), durationMs: Math.round(seconds() * 1000) }, 'request aborted by the client'));
    });
    inRequestScope(requestId, next);
  };
}
