import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backendRoot } from '../common/paths';
import { LOG_LEVELS } from '../common/log';
import { defaultDatabasePoolMax } from './pool-size';

/** An S3-compatible bucket for uploads (S3_BUCKET set), instead of DATA_DIR/uploads. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS itself; set for MinIO and other S3-compatible stores. */
  endpoint?: string;
  /** Bucket in the path rather than the host name, as MinIO wants. */
  forcePathStyle: boolean;
  /** Unset: the SDK's standard chain (a profile, an instance role, a web identity). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** An OpenID Connect provider users may sign in with (OIDC_ISSUER and the rest set); unset, single sign-on is off. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name on the sign-in button: "Sign in with {name}". */
  name: string;
  /** Plain http to the provider: allowed only for one on this machine (a test's, a developer's). */
  allowInsecureRequests: boolean;
}

/** Everything the server reads from its environment, parsed once at start-up. */
export interface AppConfig {
  port: number;
  nodeEnv: 'development' | 'production' | 'test';
  dataDir: string;
  /** Unset: an embedded PostgreSQL is started under `dataDir/pg`. The schema owner's: migrations and the jobs that span workspaces. */
  databaseUrl?: string;
  /**
   * The login role requests are served as, held to row-level security (neither superuser nor BYPASSRLS).
   * Unset with DATABASE_URL: requests run as DATABASE_URL's role, without that second wall. Unset without it:
   * the embedded PostgreSQL's own app role.
   */
  databaseAppUrl?: string;
  embeddedPgPort: number;
  jwtSecret: string;
  /** Origin used in emailed links and the only origin CORS allows. */
  appUrl: string;
  /** Unset: emails are written as .eml files to `dataDir/mail`. */
  smtpUrl?: string;
  mailFrom: string;
  /** Auth requests one client IP may make per window before a 429. */
  authRateLimit: number;
  authRateWindowMs: number;
  /** Requests one session or one personal access token may make per window before a 429. */
  apiRateLimit: number;
  apiRateWindowMs: number;
  /** How often an instance writes the requests it counted against those budgets (and the API tokens used) to PostgreSQL. */
  apiRateFlushMs: number;
  /** Image uploads (avatars and product images) one account may make per window before a 429. */
  uploadRateLimit: number;
  uploadRateWindowMs: number;
  /** Uploads that may wait for one of the image decoder's slots; one more is a 503. */
  imageDecodeBacklog: number;
  /** Trust X-Forwarded-For from this many proxies (0: use the socket address). */
  trustProxy: number;
  /** A searched or filtered product list counts its matches exactly up to this many; beyond, the total is an estimate. */
  productCountCap: number;
  /** Where the built client lives; served at `/` when present. */
  clientDir: string;
  /** Connections the instance may hold open to PostgreSQL at once. */
  databasePoolMax: number;
  /** How long opening a connection, waiting for a free one, and one statement may take before the request gets a 503. */
  databaseConnectTimeoutMs: number;
  databaseAcquireTimeoutMs: number;
  databaseStatementTimeoutMs: number;
  /** How long a SIGTERM or SIGINT waits for requests in flight before closing their connections. */
  shutdownGraceMs: number;
  /** How long a stopping instance keeps its listener open, handing reads over, so a proxy stops sending it requests before it closes. */
  shutdownHandoverMs: number;
  /** Node's server timeouts: a client's request headers, its whole request, and an idle keep-alive connection. */
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
  httpKeepAliveTimeoutMs: number;
  /** Unset: uploads are files in `dataDir/uploads`. */
  s3?: S3Settings;
  /** WORKER=0: this instance serves requests and enqueues jobs, but works none and runs no schedules. */
  worker: boolean;
  /** How long an idle job worker waits before looking for a new job. */
  jobPollIntervalMs: number;
  /** How often an instance with workers checks the schedules for a due occurrence. */
  cronCheckSeconds: number;
  /** When housekeeping (expired auth state, products 30 days in the trash, orphan uploads) runs: a cron expression in UTC. */
  housekeepingCron: string;
  /** The first retry of a failed mail waits this long; each next one twice as long. */
  mailRetryDelaySeconds: number;
  /** How much the log says: fatal, error, warn, info (the default), debug, trace or silent. */
  logLevel: string;
  /** Unset: no /metrics; set, /metrics answers only with this bearer token. */
  metricsToken?: string;
  /** WEBHOOK_ALLOW_PRIVATE=true: webhooks may use http and reach private and loopback addresses (development and tests only). */
  webhookAllowPrivate: boolean;
  /** How long a webhook's receiver has to answer a delivery. */
  webhookTimeoutMs: number;
  /** A webhook whose deliveries have failed for this long is turned off and its owner told. */
  webhookFailureWindowMs: number;
  /** The first retry of a failed delivery waits this long; each next one twice as long, until the failure window ends. */
  webhookRetryDelaySeconds: number;
  /** Unset: no single sign-on (its button, its routes). */
  oidc?: OidcSettings;
}

export class ConfigError extends Error {}

/** The serving pool's limits as `openDatabase` takes them. */
export const databaseLimitsOf = (config: AppConfig) => ({
  poolMax: config.databasePoolMax,
  connectTimeoutMs: config.databaseConnectTimeoutMs,
  acquireTimeoutMs: config.databaseAcquireTimeoutMs,
  statementTimeoutMs: config.databaseStatementTimeoutMs,
});

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[], min = 0, max = Number.MAX_SAFE_INTEGER) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, problems: string[], protocols: string[]): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  try {
    const parsed = new URL(raw);
    if (!protocols.includes(parsed.protocol)) throw new Error();
    return raw;
  } catch {
    problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${raw}")`);
    return undefined;
  }
}

function oneOf(env: NodeJS.ProcessEnv, name: string, allowed: readonly string[], fallback: string, problems: string[]): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!allowed.includes(raw)) problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return raw;
}

/** A scraper's bearer token: long enough that guessing it is hopeless. */
function metricsToken(env: NodeJS.ProcessEnv, problems: string[]): string | undefined {
  const token = env.METRICS_TOKEN;
  if (!token) return undefined;
  if (token.length < 16 || /\s/.test(token)) problems.push('METRICS_TOKEN must be at least 16 characters, without spaces');
  return token;
}

/** A five-field cron expression (minute hour day month weekday); pg-boss checks schedules once a minute at most. */
function cron(env: NodeJS.ProcessEnv, name: string, fallback: string, problems: string[]): string {
  const value = (env[name] ?? fallback).trim();
  if (!/^\S+( \S+){4}$/.test(value)) problems.push(`${name} must be a cron expression of five fields (got "${value}")`);
  return value;
}

/**
 * The JWT secret: JWT_SECRET when set, otherwise one generated on first start
 * and kept in DATA_DIR, so tokens survive restarts without a hard-coded fallback.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** S3_BUCKET turns the S3 store on; the other S3_ settings and AWS credentials only matter then. */
function s3Settings(env: NodeJS.ProcessEnv, problems: string[]): S3Settings | undefined {
  const bucket = env.S3_BUCKET;
  if (!bucket) return undefined;
  const endpoint = url(env, 'S3_ENDPOINT', problems, ['http:', 'https:']);
  const forcePath = env.S3_FORCE_PATH_STYLE;
  if (forcePath !== undefined && forcePath !== '' && !['true', 'false'].includes(forcePath)) problems.push(`S3_FORCE_PATH_STYLE must be true or false (got "${forcePath}")`);
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  return {
    bucket,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    endpoint,
    // A custom endpoint (MinIO and the like) rarely has a host name per bucket.
    forcePathStyle: forcePath ? forcePath === 'true' : endpoint !== undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken && { sessionToken }) } : undefined,
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const OIDC_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'] as const;

/** All four OIDC_ settings or none: a provider half set up would show a button that cannot work. */
function oidcSettings(env: NodeJS.ProcessEnv, problems: string[]): OidcSettings | undefined {
  const set = OIDC_VARIABLES.filter((name) => env[name]?.trim());
  if (set.length === 0) return undefined;
  if (set.length < OIDC_VARIABLES.length) {
    const missing = OIDC_VARIABLES.filter((name) => !set.includes(name));
    problems.push(`Single sign-on needs ${OIDC_VARIABLES.join(', ')} together; missing: ${missing.join(', ')}`);
    return undefined;
  }
  const issuer = url(env, 'OIDC_ISSUER', problems, ['http:', 'https:']);
  if (!issuer) return undefined;
  const { protocol, hostname } = new URL(issuer);
  // The client secret and the ID token travel to the provider and back: in clear text only on this machine.
  const allowInsecureRequests = protocol === 'http:';
  if (allowInsecureRequests && !LOOPBACK_HOSTS.includes(hostname)) problems.push(`OIDC_ISSUER must be an https URL (http only for localhost; got "${issuer}")`);
  const name = env.OIDC_NAME!.trim();
  if (name.length > 40) problems.push(`OIDC_NAME must be at most 40 characters (got ${name.length})`);
  return { issuer, clientId: env.OIDC_CLIENT_ID!.trim(), clientSecret: env.OIDC_CLIENT_SECRET!, name, allowInsecureRequests };
}

/** Parses the environment, throwing one ConfigError that lists every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const nodeEnv = (env.NODE_ENV ?? 'development') as AppConfig['nodeEnv'];
  if (!['development', 'production', 'test'].includes(nodeEnv)) problems.push(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  const port = integer(env, 'PORT', 3000, problems, 0, 65535);
  const dataDir = resolve(env.DATA_DIR || '.data');
  const databaseUrl = url(env, 'DATABASE_URL', problems, ['postgres:', 'postgresql:']);
  const databaseAppUrl = url(env, 'DATABASE_APP_URL', problems, ['postgres:', 'postgresql:']);
  if (databaseAppUrl && !databaseUrl) problems.push('DATABASE_APP_URL needs DATABASE_URL (the role that owns the schema) as well');
  const appUrl = (url(env, 'APP_URL', problems, ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const smtpUrl = url(env, 'SMTP_URL', problems, ['smtp:', 'smtps:']);
  const jwtSecret = env.JWT_SECRET;
  if (jwtSecret !== undefined && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters');
  const config: AppConfig = {
    port,
    nodeEnv,
    dataDir,
    databaseUrl,
    databaseAppUrl,
    embeddedPgPort: integer(env, 'EMBEDDED_PG_PORT', 5433, problems, 1, 65535),
    jwtSecret: '',
    appUrl,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Stockroom <no-reply@stockroom.local>',
    authRateLimit: integer(env, 'AUTH_RATE_LIMIT', 20, problems, 1),
    authRateWindowMs: integer(env, 'AUTH_RATE_WINDOW_MS', 60_000, problems, 1000),
    // 10 a second on average: a browser never gets near it; a script looping without pause does. The window stays
    // under the two hours housekeeping keeps a counter for.
    apiRateLimit: integer(env, 'API_RATE_LIMIT', 600, problems, 1),
    apiRateWindowMs: integer(env, 'API_RATE_WINDOW_MS', 60_000, problems, 1000, 3_600_000),
    // How far another instance's view of a budget may lag: a second's requests, and never more than a twentieth of the limit.
    apiRateFlushMs: integer(env, 'API_RATE_FLUSH_MS', 1_000, problems, 10, 60_000),
    // 30 in 10 minutes: a catalogue being filled by hand never gets near it; a script re-encoding images all day does.
    uploadRateLimit: integer(env, 'UPLOAD_RATE_LIMIT', 30, problems, 1),
    uploadRateWindowMs: integer(env, 'UPLOAD_RATE_WINDOW_MS', 10 * 60_000, problems, 1000),
    // Each waiting upload holds a temporary file of up to 5 MB and a connection, not decoded pixels.
    imageDecodeBacklog: integer(env, 'IMAGE_DECODE_BACKLOG', 8, problems, 0, 1000),
    trustProxy: integer(env, 'TRUST_PROXY', 0, problems, 0, 10),
    // Counting 10,000 matching rows stays within a few milliseconds; a million-row search counted whole takes over 100 ms.
    productCountCap: integer(env, 'PRODUCT_COUNT_CAP', 10_000, problems, 1, 1_000_000_000),
    clientDir: resolve(env.CLIENT_DIR || join(backendRoot, '../frontend/dist')),
    databasePoolMax: integer(env, 'DATABASE_POOL_MAX', defaultDatabasePoolMax(), problems, 1, 1000),
    // A request should hear "try again" in seconds, not hang while the database does.
    databaseConnectTimeoutMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 3_000, problems, 100, 600_000),
    databaseAcquireTimeoutMs: integer(env, 'DATABASE_ACQUIRE_TIMEOUT_MS', 3_000, problems, 100, 600_000),
    databaseStatementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 15_000, problems, 100, 3_600_000),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 20_000, problems, 0, 600_000),
    // Shorter than the 3 s a proxy leaves an instance alone after a failure (docker/nginx.conf's fail_timeout).
    shutdownHandoverMs: integer(env, 'SHUTDOWN_HANDOVER_MS', 2_000, problems, 0, 60_000),
    // Node's defaults (60 s for headers, 300 s for a request) let a slow or idle client hold a connection for minutes.
    httpHeadersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, problems, 1000, 600_000),
    // Long enough for a 5 MB image from a phone on a slow connection.
    httpRequestTimeoutMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 60_000, problems, 1000, 3_600_000),
    httpKeepAliveTimeoutMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000, problems, 1000, 600_000),
    s3: s3Settings(env, problems),
    worker: integer(env, 'WORKER', 1, problems, 0, 1) === 1,
    jobPollIntervalMs: integer(env, 'JOB_POLL_INTERVAL_MS', 2_000, problems, 500, 600_000),
    cronCheckSeconds: integer(env, 'CRON_CHECK_SECONDS', 30, problems, 1, 45),
    housekeepingCron: cron(env, 'HOUSEKEEPING_CRON', '17 * * * *', problems),
    mailRetryDelaySeconds: integer(env, 'MAIL_RETRY_DELAY_SECONDS', 10, problems, 1, 3600),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info', problems),
    metricsToken: metricsToken(env, problems),
    webhookAllowPrivate: oneOf(env, 'WEBHOOK_ALLOW_PRIVATE', ['true', 'false'], 'false', problems) === 'true',
    // The timeout, the failure window and the first retry's delay are settings so tests need not wait for them.
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, problems, 100, 60_000),
    webhookFailureWindowMs: integer(env, 'WEBHOOK_FAILURE_WINDOW_MS', 24 * 60 * 60_000, problems, 1_000, 7 * 24 * 60 * 60_000),
    webhookRetryDelaySeconds: integer(env, 'WEBHOOK_RETRY_DELAY_SECONDS', 30, problems, 1, 3600),
    oidc: oidcSettings(env, problems),
  };
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  config.jwtSecret = jwtSecret ?? loadOrCreateSecret(dataDir);
  return config;
}
