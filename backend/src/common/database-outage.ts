import { GeneralMessages } from '@stockroom/schema';
import { ServiceUnavailableError } from './errors';
import { log } from './log';
import { heldBackNote, logOncePerWindow } from './rate-limited-log';

/** What a client is told to wait before retrying while the database is away. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Network failures on the way to PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL's own: shutting down or restarting (57P01-57P03), a statement
 * over its timeout (57014), out of connections (53300), and any connection
 * exception (class 08).
 */
const SERVER_CODES = /^(08...|57P0[123]|57014|53300)$/;
/**
 * pg and knex say it in words: a connection that ended, a query or a pool wait
 * over its time, or a connection the server never answered (pg's connect
 * timeout says only "timeout expired").
 */
const MESSAGES = /Connection terminated|Query read timeout|timeout exceeded when trying to connect|Timeout acquiring a connection|connection error and is not queryable|Connection ended unexpectedly|^timeout expired$/i;

/** The reason this error means "the database is down or did not answer in time", or undefined when it means something else. */
export function databaseOutageOf(error: unknown): string | undefined {
  let current = error;
  // MikroORM and knex wrap the driver's error (`cause`, `previous`), and graphql-js a thrown non-Error (`thrownValue`); a few levels reach it.
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, name, message, cause, previous, thrownValue } = current as Record<string, unknown>;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return code;
    if (name === 'KnexTimeoutError') return 'pool timeout';
    if (typeof message === 'string' && MESSAGES.test(message)) return message.match(MESSAGES)![0];
    current = previous ?? cause ?? thrownValue;
  }
  return undefined;
}

/** What the client gets instead of a 500: 503, the generic server message, and when to retry. */
export const databaseOutageError = () => new ServiceUnavailableError(GeneralMessages.server, OUTAGE_RETRY_AFTER_SECONDS);

/**
 * Logs an outage once per reason and window, with how many more there were
 * since the last line, and what the app does about it meanwhile (requests are
 * answered 503; the background jobs wait and poll again).
 */
export function logDatabaseOutage(reason: string, where: string, now = Date.now(), meanwhile = 'answering 503'): boolean {
  return logOncePerWindow(`database ${reason}`, (heldBack) => log.error(`[database] unavailable: ${reason} at ${where}; ${meanwhile}${heldBackNote(heldBack)}`), now);
}

/**
 * Fails fast while the database is away. A request that met an outage opens
 * it; while it is open, requests are answered 503 at once instead of each
 * waiting out the connect, acquire or statement timeout on a database that is
 * down or hung. One check at a time asks the database whether it is back, and
 * the first that passes closes it.
 */
export class DatabaseBreaker {
  private reason: string | undefined;
  private checking: Promise<void> | undefined;

  /** `check` asks the database a trivial question and resolves only if it answered. */
  constructor(private readonly check: () => Promise<unknown>) {}

  /** Why requests are being refused, or undefined while the database is taken to be up. */
  get openReason(): string | undefined {
    return this.reason;
  }

  /** A request met an outage: refuse the next ones at once until a check passes. */
  open(reason: string): void {
    this.reason ??= reason;
  }

  /** While open, starts a check unless one is running; resolves when that check is over. */
  probe(): Promise<void> {
    if (this.reason === undefined) return Promise.resolve();
    this.checking ??= this.check()
      .then(
        () => {
          this.reason = undefined;
        },
        () => undefined,
      )
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }
}
