import { randomUUID } from 'node:crypto';

/** What an incoming X-Request-Id may be to be kept: a proxy's id, not arbitrary text for the logs. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The request's id: the caller's (a proxy's) when it is sane, otherwise a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
