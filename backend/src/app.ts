import type { ApolloServer } from '@apollo/server';
import type { MikroORM } from '@mikro-orm/postgresql';
import compression from 'compression';
import cors from 'cors';
import express, { type Express, type Request } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import { apiTokenRoutes } from './api-tokens/api-token.routes';
import { authRoutes } from './auth/auth.routes';
import { oidcRoutes } from './auth/oidc/oidc.routes';
import { mfaRoutes } from './auth/mfa/mfa.routes';
import { passkeysRoutes } from './auth/passkeys/passkeys.routes';
import { prepareDummyHash } from './account/password-hasher';
import { CallerUsage } from './account/caller-usage';
import { databaseLimitsOf, type AppConfig } from './config/config';
import { pgConnectionLimits } from './app/database';
import type { RequestContext } from './account/context';
import { createRequestContext } from './app/request-context';
import { RATE_LIMIT_HEADERS } from './app/rate-limit-headers';
import { createSqlPool, poolStatsOf } from './db/sql';
import { inWorkspaceScope } from './db/workspace-scope';
import { log } from './common/log';
import { Metrics, metricsRoutes } from './observability/metrics';
import { requestLog } from './observability/request-log';
import { DatabaseBreaker } from './common/database-outage';
import { graphqlDatabaseGate, restDatabaseGate } from './app/database-gate';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { createApolloServer } from './graphql/apollo';
import { graphqlHandler } from './graphql/express-handler';
import { buildAppSchema } from './app/graphql-schema';
import { healthRoutes, probeRoutes } from './health/health.routes';
import { Lifecycle } from './app/lifecycle';
import { productBulkRoutes } from './products/bulk/product-bulk.routes';
import { productImportRoutes } from './products/import-export/product-import.routes';
import { productTrashRoutes } from './products/trash/product-trash.routes';
import { productRoutes } from './products/catalogue/product.routes';
import type { Mailer } from './mail/mailer';
import { createMailOutbox, mailQueue } from './mail/mail-outbox';
import { JobRunner } from './jobs/job-runner';
import { housekeepingQueue } from './app/housekeeping-queue';
import { EventOutbox } from './events/event-outbox';
import { handleStockCrossing, STOCK_CROSSING_EVENTS } from './notifications/low-stock-alerts';
import { lowStockDigestQueue } from './notifications/low-stock-digest';
import { notificationSettingsRoutes } from './notifications/notification-settings.routes';
import { invitationRoutes, workspaceInvitationRoutes } from './workspaces/invitation.routes';
import { workspaceRoutes } from './workspaces/workspace.routes';
import { locationRoutes } from './locations/location.routes';
import { locationFiguresService } from './stock/location-figures.service';
import { transferRoutes } from './stock/transfers/transfer.routes';
import { stockCountRoutes } from './stock-counts/stock-count.routes';
import { stockChangeRoutes } from './stock-changes/stock-change.routes';
import { docsRoutes } from './app/docs.routes';
import { restErrorHandler, restNotFound } from './rest/error-middleware';
import { methodNotAllowed } from './rest/method-not-allowed';
import { openApiPaths } from './app/openapi';
import { createUploadStore, type UploadStore } from './storage/upload-store';
import { diskObjects } from './storage/disk-objects';
import { s3Objects } from './storage/s3-objects';
import { avatarRoutes, productImageRoutes, uploadFileRoutes } from './uploads/upload.routes';
import { userRoutes } from './users/user.routes';
import { subscribeWebhooks, webhookDeliveryQueue } from './webhooks/webhook-delivery-queue';
import { webhookRoutes } from './webhooks/webhook.routes';

export interface AppDependencies {
  config: AppConfig;
  /** The database the ORM is on, as its owner; the job queues live in their own schema of it. */
  databaseUrl: string;
  /** The pool requests are served from (see app/database.ts, AppDatabases). */
  orm: MikroORM;
  /** The owner's pool, for the jobs whose work spans workspaces; `orm` when absent. */
  ownerOrm?: MikroORM;
  /** The transport the mail queue's worker delivers through. */
  mailer: Mailer;
}

export interface App {
  express: Express;
  apollo: ApolloServer<RequestContext>;
  uploads: UploadStore;
  /** Draining state and requests in flight, for a clean shutdown. */
  lifecycle: Lifecycle;
  /** The background work (mail, housekeeping), started; stop it after the last request is answered. */
  jobs: JobRunner;
  /** The requests counted against rate limits and the tokens used, written every API_RATE_FLUSH_MS; stop it (a last write) after the last request is answered. */
  callerUsage: CallerUsage;
}

/** JSON bodies larger than this get a 413; nothing the app accepts comes close. */
export const JSON_BODY_LIMIT = '100kb';

const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Blueprint's popovers and GraphiQL set inline styles.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Product images may live on any http(s) host.
    imgSrc: ["'self'", 'data:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

/** Paths the server answers itself; every other path is one of the client's routes. */
const isServerPath = (path: string) => /^\/(?:api|graphql|uploads|assets|metrics)(?:\/|$)/i.test(path);

/**
 * Brotli (or gzip for clients that lack it) on every compressible answer over 1 KB: pages,
 * scripts, styles, SVG, JSON from /api and /graphql, the OpenAPI document. Quality 5 is the
 * knee of brotli's curve for answers made on the fly (a quarter smaller than gzip for a
 * fraction of quality 11's time). An answer that streams must call `res.flush()` after each part.
 */
const compressAnswers = compression({ brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });

/** A page is checked with the server each time, so a new build is seen at once; its hashed assets are cached for good. */
const noCache = (res: { setHeader(name: string, value: string): unknown }) => res.setHeader('Cache-Control', 'no-cache');

/**
 * Files of the client that keep their name from build to build, checked with the server each time: the pages,
 * the service worker (a browser checks it for a new build when a page opens) and the web app manifest.
 */
const CHECKED_EACH_TIME = /(?:\.html|[\\/]sw\.js|\.webmanifest)$/;

/** A route's page rendered at build time: `path` is the client route (Express syntax), `file` its HTML in the client build. */
interface PageShell {
  path: string;
  file: string;
}

/** The build's list of page shells (written by the client build's prerender step), or none. */
function readPageShells(clientDir: string): PageShell[] {
  const manifest = join(clientDir, 'shells.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as PageShell[]) : [];
}

/**
 * Each request is handled in a workspace scope of its own, which its statements carry to PostgreSQL
 * once its membership is checked (see db/workspace-scope.ts). After the body parser: its callbacks
 * run in the socket's async context, not the request's.
 */
const workspaceScope = (_req: Request, _res: unknown, next: () => void) => inWorkspaceScope(next);

/** Browsers asking for a page get the built client; API clients get JSON. */
const wantsHtml = (req: Request) => req.method === 'GET' && req.accepts(['json', 'html']) === 'html';

export async function createApp({ config, databaseUrl, orm, ownerOrm = orm, mailer }: AppDependencies): Promise<App> {
  const uploadsDir = join(config.dataDir, 'uploads');
  const objects = config.s3 ? s3Objects(config.s3) : diskObjects(uploadsDir);
  const uploads = createUploadStore(uploadsDir, objects, { decodeBacklog: config.imageDecodeBacklog });
  let metrics: Metrics | undefined;
  const jobs = new JobRunner({
    databaseUrl,
    worker: config.worker,
    connectionLimits: pgConnectionLimits(databaseLimitsOf(config)),
    pollIntervalMs: config.jobPollIntervalMs,
    cronCheckSeconds: config.cronCheckSeconds,
    onJobDone: (queue, outcome) => metrics?.job(queue, outcome),
  });
  // Only measured when someone may read it: METRICS_TOKEN turns /metrics on.
  if (config.metricsToken) metrics = new Metrics({ pool: () => poolStatsOf(orm), queueDepths: () => jobs.queueDepths() });
  jobs.define(mailQueue(mailer, config.mailRetryDelaySeconds));
  jobs.define(housekeepingQueue(ownerOrm, uploads, config.housekeepingCron));
  const sql = createSqlPool(orm);
  // Jobs act for every workspace at once (a digest, the event relay, a delivery): the owner's pool, which the policies do not hold.
  const jobSql = ownerOrm === orm ? sql : createSqlPool(ownerOrm);
  const databaseBreaker = new DatabaseBreaker(() => sql.query({ sql: 'SELECT 1', values: [] }));
  const callerUsage = new CallerUsage(
    sql,
    { limit: config.apiRateLimit, windowMs: config.apiRateWindowMs, flushIntervalMs: config.apiRateFlushMs },
    () => databaseBreaker.openReason === undefined,
  );
  callerUsage.start();
  const services = { config, mailer: createMailOutbox(jobs), uploads, sql, jobs, callerUsage };
  const lowStockEmails = { sql: jobSql, mailer: services.mailer, appUrl: config.appUrl };
  jobs.define(lowStockDigestQueue(lowStockEmails));
  // Product changes reach subscribers through the outbox: register them with `events.onEvent(name, types, handler)` here.
  const events = new EventOutbox(jobs, jobSql, config.jobPollIntervalMs);
  jobs.define(webhookDeliveryQueue({ sql: jobSql, mailer: services.mailer, jobs, config }));
  subscribeWebhooks(events, jobs, jobSql);
  events.onEvent('low-stock-emails', STOCK_CROSSING_EVENTS, (event) => handleStockCrossing(lowStockEmails, event));
  const contextOf = (req: Request) => createRequestContext(services, orm, req);
  const [apollo] = await Promise.all([createApolloServer(await buildAppSchema(), databaseBreaker), prepareDummyHash(), jobs.start()]);

  const lifecycle = new Lifecycle();
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLog(log, metrics));
  app.use(lifecycle.track);
  // API answers change with every write; a weak ETag over each body would only cost time.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.use(helmet({ contentSecurityPolicy, referrerPolicy: { policy: 'no-referrer' }, crossOriginEmbedderPolicy: false }));
  app.use(compressAnswers);
  app.use(cors({ origin: config.appUrl, exposedHeaders: RATE_LIMIT_HEADERS }));
  if (metrics && config.metricsToken) app.use(metricsRoutes(metrics, config.metricsToken));

  const hasClient = existsSync(join(config.clientDir, 'index.html'));
  app.get('/graphql', (req, res, next) => {
    if (!hasClient || !wantsHtml(req) || req.query.query) return next();
    noCache(res);
    res.sendFile(join(config.clientDir, 'playground.html'));
  });
  app.use(
    '/graphql',
    graphqlDatabaseGate(databaseBreaker),
    express.json({ limit: JSON_BODY_LIMIT }),
    workspaceScope,
    graphqlHandler(apollo, async (req) => contextOf(req)),
  );

  const api = express.Router();
  // Before the body parser and the routes: a wrong method is a 405 whatever it sends, and never reaches `/:id`.
  api.use(methodNotAllowed(openApiPaths));
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use(workspaceScope);
  api.use('/users/health', healthRoutes(services.sql));
  api.use('/health', probeRoutes(services.sql, lifecycle, databaseBreaker, uploads, jobs, config.metricsToken));
  api.use(docsRoutes(config.appUrl));
  // The probes and the docs above answer without the database; every route below needs it.
  api.use(restDatabaseGate(databaseBreaker));
  api.use('/auth', authRoutes(contextOf));
  api.use('/auth', oidcRoutes(contextOf));
  api.use('/users', mfaRoutes(contextOf));
  api.use('/users', passkeysRoutes(contextOf));
  api.use('/users', apiTokenRoutes(contextOf));
  api.use('/users', webhookRoutes(contextOf));
  api.use('/users', notificationSettingsRoutes(contextOf));
  api.use('/users', avatarRoutes(contextOf));
  api.use('/users', userRoutes(contextOf));
  api.use('/products', productImageRoutes(contextOf));
  api.use('/products', productBulkRoutes(contextOf));
  api.use('/products', productImportRoutes(contextOf));
  api.use('/products', productTrashRoutes(contextOf));
  api.use('/products', productRoutes(contextOf));
  api.use('/dashboard', dashboardRoutes(contextOf));
  api.use('/locations', locationRoutes(contextOf, locationFiguresService.all));
  api.use('/transfers', transferRoutes(contextOf));
  api.use('/stock-counts', stockCountRoutes(contextOf));
  api.use('/stock-changes', stockChangeRoutes(contextOf));
  api.use('/workspaces', workspaceInvitationRoutes(contextOf));
  api.use('/workspaces', workspaceRoutes(contextOf));
  api.use('/invitations', invitationRoutes(contextOf));
  api.use(restNotFound);
  app.use('/api', api);
  app.use('/uploads', uploadFileRoutes(uploads));

  if (hasClient) {
    // The build writes a brotli and a gzip copy of each script and style (frontend/scripts/compress-assets.mjs):
    // sent as they are, smaller than on-the-fly compression and at no CPU per request.
    app.use(
      '/assets',
      expressStaticGzip(join(config.clientDir, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: { immutable: true, maxAge: '1y', index: false },
      }),
    );
    app.use(express.static(config.clientDir, { index: false, setHeaders: (res, path) => (CHECKED_EACH_TIME.test(path) ? noCache(res) : undefined) }));
    // A route with a shell rendered at build time answers with it: the page paints before its script runs.
    for (const shell of readPageShells(config.clientDir)) {
      app.get(shell.path, (_req, res) => {
        noCache(res);
        res.sendFile(join(config.clientDir, shell.file));
      });
    }
    // Client-side routes: any other GET (and so HEAD) gets the app shell, whatever the Accept header, so
    // `curl /` and link checkers see the page a browser sees; a missing asset stays a 404.
    app.get('/{*path}', (req, res, next) => {
      if (isServerPath(req.path)) return next();
      noCache(res);
      res.sendFile(join(config.clientDir, 'index.html'));
    });
  }
  app.use(restNotFound);
  app.use(restErrorHandler(databaseBreaker));
  return { express: app, apollo, uploads, lifecycle, jobs, callerUsage };
}
