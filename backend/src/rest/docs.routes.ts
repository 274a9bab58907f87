import express, { Router } from 'express';
import { dirname, join } from 'node:path';
import { backendRoot } from '../common/paths';
import { buildOpenApiDocument } from './openapi';

/** The page's own files sit in the source tree; tsc does not copy them to dist. */
const pageDir = join(backendRoot, 'src/rest/docs-page');
const swaggerUiDir = dirname(require.resolve('swagger-ui-dist/package.json'));

/** GET /api/openapi.json and the docs page at /api/docs, all served from the app itself. */
export function docsRoutes(appUrl: string): Router {
  const router = Router();
  const document = buildOpenApiDocument(appUrl);
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.use('/docs/assets', express.static(swaggerUiDir, { index: false }));
  router.get('/docs/init.js', (_req, res) => res.sendFile(join(pageDir, 'init.js')));
  router.get(['/docs', '/docs/'], (_req, res) => res.sendFile(join(pageDir, 'index.html')));
  return router;
}
