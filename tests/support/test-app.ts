import 'reflect-metadata';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { setRole } from '../../backend/scripts/promote-user';
import { createApp, type App } from '../../backend/src/app';
import { databaseLimitsOf, loadConfig, type AppConfig } from '../../backend/src/config/config';
import { openAppDatabases, openDatabase } from '../../backend/src/app/database';
import { createMailer, type Mailer } from '../../backend/src/mail/mailer';
import { MAIL_QUEUE } from '../../backend/src/mail/mail-outbox';
import { JOBS_SCHEMA } from '../../backend/src/jobs/job-runner';
import { UserRole } from '../../backend/src/account/user.entity';

export interface HttpAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface GraphQLAnswer<T = any> {
  status: number;
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string; fields?: Record<string, string>; retryAfterSeconds?: number } }>;
}

interface RequestOptions {
  token?: string;
  /** Pretend to come from this client address (the test app trusts one proxy). */
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  url: string;
  config: AppConfig;
  databaseUrl: string;
  rest<T = any>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<HttpAnswer<T>>;
  gql<T = any>(query: string, variables?: Record<string, unknown>, options?: RequestOptions): Promise<GraphQLAnswer<T>>;
  /** Runs SQL on the test database (assertions on what was stored, and time travel for expiry tests). */
  sql<T = any>(text: string, params?: unknown[]): Promise<T[]>;
  /** Every .eml written for `to`, oldest first, once queued mail is delivered (with WORKER=0: only what is already written). */
  mailsTo(to: string): Promise<string[]>;
  /**
   * Writes what every running instance has counted against rate limits (and the tokens used) and
   * not written yet. rest, gql and sql do it first, so each step of a test sees what another
   * instance would see a flush later, without waiting for one.
   */
  writeCounts(): Promise<void>;
  /** Resolves once no job of `queue` waits or runs (a failed job that will be retried is still waiting). */
  jobsDone(queue: string): Promise<void>;
  /** Stops the app as main.ts does on SIGTERM, minus the HTTP drain: running jobs get SHUTDOWN_GRACE_MS to finish. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Boot on this existing database instead of a fresh one (a second app instance sharing state). */
  databaseUrl?: string;
  /** Wraps the mail transport the mail worker delivers through, to make a send fail or wait. */
  wrapMailer?: (mailer: Mailer) => Mailer;
  /**
   * false: rest, gql and sql do not write the counts first (see TestApp.writeCounts), for a test
   * whose database goes away, where a write waiting on it would hold every request up.
   */
  writeCountsFirst?: boolean;
}

/** How often a test looks at the job table while waiting for a queue to empty. */
const JOB_CHECK_MS = 50;

let databases = 0;

/** Every instance started in this test file and not closed yet whose counts are written before each step (see TestApp.writeCounts). */
const runningApps = new Set<App>();
const writeCounts = async () => {
  await Promise.all([...runningApps].map((app) => app.callerUsage.flush()));
};

function adminUrlOf(): string {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run integration tests through jest (tests/support/database-setup.mjs)');
  return adminUrl;
}

const urlOf = (adminUrl: string, name: string) => adminUrl.replace(/\/postgres$/, `/${name}`);

async function withAdmin<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: adminUrlOf() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A fresh, empty database on the run's embedded PostgreSQL; returns its URL. */
export async function createDatabase(): Promise<string> {
  const name = `test_${process.pid}_${Date.now()}_${++databases}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  return urlOf(adminUrlOf(), name);
}

/**
 * The run's migrated database that every app's database is copied from: migrating an empty
 * database runs every migration, a copy is one statement. Built once per run by whichever test
 * worker asks first (the others wait on an advisory lock), under another name until it is whole,
 * so a worker that dies halfway leaves no half-migrated template behind.
 */
const TEMPLATE_DATABASE = 'stockroom_migrated_template';
let templateReady: Promise<void> | undefined;

function migratedTemplate(): Promise<void> {
  templateReady ??= withAdmin(async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [TEMPLATE_DATABASE]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE_DATABASE]);
    if (found.rowCount === 0) {
      const building = await createDatabase();
      await (await openDatabase(building)).close();
      await admin.query(`ALTER DATABASE ${new URL(building).pathname.slice(1)} RENAME TO ${TEMPLATE_DATABASE}`);
    }
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [TEMPLATE_DATABASE]);
  });
  return templateReady;
}

/** A fresh database with every migration applied (a copy of the run's migrated template); returns its URL. */
export async function createMigratedDatabase(): Promise<string> {
  await migratedTemplate();
  const name = `test_${process.pid}_${Date.now()}_${++databases}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  return urlOf(adminUrlOf(), name);
}

/** The app role tests/support/database-setup.mjs creates on the run's cluster, with its password. */
const TEST_APP_ROLE = 'stockroom_app';

/** A database's URL as the app role sees it: the one requests are served as, held by row-level security. */
export function appRoleUrlOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.username = TEST_APP_ROLE;
  url.password = TEST_APP_ROLE;
  return url.toString();
}

/** Decodes the quoted-printable body nodemailer writes, so links can be read whole. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link in a mail that points at `path` of the app. */
export function linkIn(mail: string, path: string): URL {
  const found = linkOf(decodeQuotedPrintable(mail), path);
  if (!found) throw new Error(`No ${path} link in mail:\n${decodeQuotedPrintable(mail)}`);
  return found;
}

/** The link to `path` in the newest of `mails` that has one: a notice sent since (a password changed) has none. */
export function newestLinkIn(mails: string[], path: string): URL {
  for (const mail of [...mails].reverse()) {
    const found = linkOf(decodeQuotedPrintable(mail), path);
    if (found) return found;
  }
  throw new Error(`No ${path} link in ${mails.length} mails`);
}

function linkOf(decoded: string, path: string): URL | undefined {
  const match = decoded.match(new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, '\\/')}\\?[^\\s"<>]+`));
  return match ? new URL(match[0].replace(/&amp;/g, '&')) : undefined;
}

/**
 * Boots the real app (Express, Apollo, MikroORM, mailer) on a fresh migrated
 * PostgreSQL database and a free port. Nothing is mocked.
 */
export async function startTestApp(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await createMigratedDatabase());
  const dataDir = mkdtempSync(join(tmpdir(), 'stockroom-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_APP_URL: appRoleUrlOf(databaseUrl),
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT: '100000',
    // The fuzzers send thousands of requests a minute with one session; the limit's own tests set a small one.
    API_RATE_LIMIT: '100000',
    APP_URL: 'http://stockroom.test',
    // Tests wait on jobs finishing: idle workers look for new ones often, and a failed mail is retried soon.
    JOB_POLL_INTERVAL_MS: '500',
    MAIL_RETRY_DELAY_SECONDS: '1',
    ...env,
  });
  // As main.ts opens them: migrated and granted by the owner, requests served as the app role.
  const { orm, ownerOrm } = await openAppDatabases(databaseUrl, config.databaseAppUrl, databaseLimitsOf(config));
  const transport = createMailer({ from: config.mailFrom, dataDir, log: () => {} });
  const mailer = options.wrapMailer ? options.wrapMailer(transport) : transport;
  const app = await createApp({ config, databaseUrl, orm, ownerOrm, mailer });
  if (options.writeCountsFirst !== false) runningApps.add(app);
  const server = app.express.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const headersFor = ({ token, ip, headers }: RequestOptions = {}) => ({
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(ip ? { 'x-forwarded-for': ip } : {}),
    ...headers,
  });

  const rest: TestApp['rest'] = async (method, path, body, options) => {
    await writeCounts();
    const response = await fetch(url + path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headersFor(options) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, headers: response.headers, body: parsed as any };
  };

  const gql: TestApp['gql'] = async (query, variables, options) => {
    const answer = await rest('POST', '/graphql', { query, variables }, options);
    return { status: answer.status, data: answer.body?.data ?? undefined, errors: answer.body?.errors };
  };

  const sqlClient = new Client({ connectionString: databaseUrl });
  // A test that takes the database away resets this connection too; a query on it then fails on its own.
  sqlClient.on('error', () => {});
  await sqlClient.connect();

  const sql: TestApp['sql'] = async (text, params) => {
    await writeCounts();
    return (await sqlClient.query(text, params as unknown[])).rows;
  };
  const jobsDone: TestApp['jobsDone'] = async (queue) => {
    const waiting = `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`;
    while ((await sql(waiting, [queue]))[0].n > 0) await new Promise((resolve) => setTimeout(resolve, JOB_CHECK_MS));
  };

  return {
    url,
    config,
    databaseUrl,
    rest,
    gql,
    sql,
    writeCounts,
    jobsDone,
    async mailsTo(to) {
      if (config.worker) await jobsDone(MAIL_QUEUE);
      const dir = join(dataDir, 'mail');
      const files = (() => {
        try {
          return readdirSync(dir).sort();
        } catch {
          return [];
        }
      })();
      return files.filter((file) => file.endsWith(`-${to}.eml`)).map((file) => readFileSync(join(dir, file), 'utf8'));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.apollo.stop();
      runningApps.delete(app);
      await app.callerUsage.stop();
      await app.jobs.stop(config.shutdownGraceMs);
      await sqlClient.end();
      await orm.close();
      if (ownerOrm !== orm) await ownerOrm.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A password that meets the policy. */
export const GOOD_PASSWORD = 'Str0ng!Passw0rd';

let emails = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${process.pid}.${Date.now()}.${++emails}@example.com`;

let ips = 0;
/** A client address no earlier call in this test file used, so per-address throttles and lockouts never couple tests. */
export function uniqueIp(): string {
  ips += 1;
  return `10.20.${Math.floor(ips / 250)}.${ips % 250}`;
}

export const SIGN_UP = `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { accessToken expiresAt user { id email firstName lastName fullName role status emailVerified avatar createdAt updatedAt } } }`;
export const SIGN_IN = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { accessToken expiresAt user { id email fullName role status emailVerified } } }`;
export const ME = `query Me { me { id email firstName lastName fullName role status emailVerified } }`;

/** Signs a new user up over REST and returns the token, the user and the id of their personal workspace. */
export async function signUpUser(app: TestApp, overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {}) {
  const input = { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail(), password: GOOD_PASSWORD, ...overrides };
  const answer = await app.rest('POST', '/api/auth/signup', input);
  if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const [personal] = await app.sql<{ id: string }>('SELECT id FROM workspaces WHERE personal_user_id = $1', [answer.body.user.id]);
  return { ...input, token: answer.body.accessToken as string, user: answer.body.user, workspaceId: personal.id };
}

/** Makes every session of the account one that signed in 11 minutes ago and gave nothing since: past step-up's 10 minutes. */
export const ageSessions = (app: TestApp, userId: string) =>
  app.sql(`UPDATE sessions SET created_at = now() - interval '11 minutes', verified_at = NULL WHERE user_id = $1`, [userId]);

/** Signs a new user up and makes them an admin the way `npm run user:promote` does. */
export async function signUpAdmin(app: TestApp, overrides: Parameters<typeof signUpUser>[1] = {}) {
  const account = await signUpUser(app, { firstName: 'Ada', lastName: 'Admin', ...overrides });
  await setRole(app.databaseUrl, account.email, UserRole.Admin);
  return account;
}
