import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

/**
 * The app's log: one JSON object per line on stdout (pino), at LOG_LEVEL
 * (info unless set; `silent` turns it off). Every line written while a
 * request is being answered carries that request's id, so its error lines
 * can be found beside its request line.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What a log line knows of the request it was written for. */
interface RequestScope {
  requestId: string;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (a request's handling) so that every line it logs carries `requestId`. */
export function inRequestScope<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

/** The id of the request being answered, if any. */
export const currentRequestId = () => requestScope.getStore()?.requestId;

/**
 * What must never reach a log, wherever it appears in a message: email
 * addresses (people search and sign in by them), bearer tokens, and the
 * one-time tokens of reset and verification links.
 */
const SECRETS: Array<[RegExp, string]> = [
  [/\bBearer\s+[\w.~+/-]+=*/gi, 'Bearer [redacted]'],
  [/([?&#](?:token|code|reset|verify)=)[^&\s"'#]+/gi, '$1[redacted]'],
  [/[^\s@"'<>(),;:/]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g, '[email]'],
];

/** `text` with every email address, bearer token and link token in it masked. */
export function maskSecrets(text: string): string {
  return SECRETS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}

/** Fields that are secret whatever their value: never logged, even when an object carrying them is. */
export const REDACTED_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'accessToken',
  'email',
  'authorization',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.email',
  '*.authorization',
  '*.headers.authorization',
  '*.headers.cookie',
];

/** An error as a log field: its name, masked message and stack, and the code a driver gave it. */
function errorField(error: unknown) {
  if (!(error instanceof Error)) return { message: maskSecrets(String(error)) };
  const { code } = error as { code?: unknown };
  return {
    type: error.name,
    message: maskSecrets(error.message),
    ...(typeof code === 'string' && { code }),
    ...(error.stack && { stack: maskSecrets(error.stack) }),
  };
}

export function createLogger(level: string = process.env.LOG_LEVEL || 'info'): Logger {
  return pino(
    {
      level: (LOG_LEVELS as readonly string[]).includes(level) ? level : 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      messageKey: 'msg',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: errorField, error: errorField },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId === undefined ? {} : { requestId };
      },
      hooks: {
        // Messages are masked too: an error's text may quote what a caller sent.
        logMethod(args, method) {
          const masked = args.map((arg) => (typeof arg === 'string' ? maskSecrets(arg) : arg)) as Parameters<typeof method>;
          method.apply(this, masked);
        },
      },
    },
    // Written as it is logged: a line is never lost to a crash right after it.
    pino.destination({ dest: 1, sync: true }),
  );
}

/** The app's one logger. */
export const log = createLogger();
