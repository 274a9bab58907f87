import type { ApolloServer } from '@apollo/server';
import type { MikroORM } from '@mikro-orm/postgresql';
import cors from 'cors';
import express, { type Express, type Request } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { authRoutes } from './auth/auth.routes';
import { prepareDummyHash } from './account/password-hasher';
import type { AppConfig } from './config/config';
import type { RequestContext } from './account/context';
import { createRequestContext } from './app/request-context';
import { createSqlPool } from './db/sql';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { createApolloServer } from './graphql/apollo';
import { graphqlHandler } from './graphql/express-handler';
import { buildAppSchema } from './app/graphql-schema';
import { healthRoutes, probeRoutes } from './health/health.routes';
import { Lifecycle } from './app/lifecycle';
import { productRoutes } from './products/product.routes';
import type { Mailer } from './mail/mailer';
import { docsRoutes } from './app/docs.routes';
import { restErrorHandler, restNotFound } from './rest/error-middleware';
import { methodNotAllowed } from './rest/method-not-allowed';
import { openApiPaths } from './app/openapi';
import { createUploadStore, type UploadStore } from './storage/upload-store';
import { avatarRoutes, productImageRoutes, uploadFileRoutes } from './uploads/upload.routes';
import { userRoutes } from './users/user.routes';

export interface AppDependencies {
  config: AppConfig;
  orm: MikroORM;
  mailer: Mailer;
}

export interface App {
  express: Express;
  apollo: ApolloServer<RequestContext>;
  uploads: UploadStore;
  /** Draining state and requests in flight, for a clean shutdown. */
  lifecycle: Lifecycle;
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
const isServerPath = (path: string) => /^\/(?:api|graphql|uploads|assets)(?:\/|$)/i.test(path);

/** Browsers asking for a page get the built client; API clients get JSON. */
const wantsHtml = (req: Request) => req.method === 'GET' && req.accepts(['json', 'html']) === 'html';

export async function createApp({ config, orm, mailer }: AppDependencies): Promise<App> {
  const uploads = createUploadStore(join(config.dataDir, 'uploads'), { decodeBacklog: config.imageDecodeBacklog });
  const services = { config, mailer, uploads, sql: createSqlPool(orm) };
  const contextOf = (req: Request) => createRequestContext(services, orm, req);
  const [apollo] = await Promise.all([createApolloServer(await buildAppSchema()), prepareDummyHash()]);

  const lifecycle = new Lifecycle();
  const app = express();
  app.disable('x-powered-by');
  app.use(lifecycle.track);
  // API answers change with every write; a weak ETag over each body would only cost time.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.use(helmet({ contentSecurityPolicy, referrerPolicy: { policy: 'no-referrer' }, crossOriginEmbedderPolicy: false }));
  app.use(cors({ origin: config.appUrl }));

  const hasClient = existsSync(join(config.clientDir, 'index.html'));
  app.get('/graphql', (req, res, next) => {
    if (!hasClient || !wantsHtml(req) || req.query.query) return next();
    res.sendFile(join(config.clientDir, 'playground.html'));
  });
  app.use(
    '/graphql',
    express.json({ limit: JSON_BODY_LIMIT }),
    graphqlHandler(apollo, async (req) => contextOf(req)),
  );

  const api = express.Router();
  // Before the body parser and the routes: a wrong method is a 405 whatever it sends, and never reaches `/:id`.
  api.use(methodNotAllowed(openApiPaths));
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use('/auth', authRoutes(contextOf));
  api.use('/users/health', healthRoutes(services.sql));
  api.use('/health', probeRoutes(services.sql, lifecycle));
  api.use('/users', avatarRoutes(contextOf));
  api.use('/users', userRoutes(contextOf));
  api.use('/products', productImageRoutes(contextOf));
  api.use('/products', productRoutes(contextOf));
  api.use('/dashboard', dashboardRoutes(contextOf));
  api.use(docsRoutes(config.appUrl));
  api.use(restNotFound);
  app.use('/api', api);
  app.use('/uploads', uploadFileRoutes(uploads));

  if (hasClient) {
    app.use('/assets', express.static(join(config.clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(config.clientDir, { index: false }));
    // Client-side routes: any other GET (and so HEAD) gets the app shell, whatever the Accept header, so
    // `curl /` and link checkers see the page a browser sees; a missing asset stays a 404.
    app.get('/{*path}', (req, res, next) => (isServerPath(req.path) ? next() : res.sendFile(join(config.clientDir, 'index.html'))));
  }
  app.use(restNotFound);
  app.use(restErrorHandler);
  return { express: app, apollo, uploads, lifecycle };
}
