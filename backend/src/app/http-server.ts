import { createServer, type RequestListener, type Server } from 'node:http';
import type { AppConfig } from '../config/config';

/**
 * How often Node looks for clients past the headers or the request limit. Its default, 30 s, would let a
 * client keep a 10 s limit's connection for up to 40 s.
 */
const LIMIT_CHECK_MS = 1_000;

export type HttpLimits = Pick<AppConfig, 'httpHeadersTimeoutMs' | 'httpRequestTimeoutMs' | 'httpKeepAliveTimeoutMs'>;

/**
 * The server the app answers on, not yet listening, with limits on slow and idle clients: a client that
 * has not sent its headers within `httpHeadersTimeoutMs`, or its whole request within
 * `httpRequestTimeoutMs`, gets a 408 and its connection closed; an idle keep-alive connection is closed
 * after `httpKeepAliveTimeoutMs`.
 */
export function createHttpServer(handler: RequestListener, limits: HttpLimits): Server {
  const server = createServer({ connectionsCheckingInterval: LIMIT_CHECK_MS }, handler);
  server.headersTimeout = limits.httpHeadersTimeoutMs;
  server.requestTimeout = limits.httpRequestTimeoutMs;
  server.keepAliveTimeout = limits.httpKeepAliveTimeoutMs;
  return server;
}
