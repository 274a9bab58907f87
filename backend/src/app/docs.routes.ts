import express, { Router } from 'express';
import { dirname } from 'node:path';
import { DOCS_PAGE_HTML, DOCS_PAGE_SCRIPT } from './docs-page';
import { buildOpenApiDocument } from './openapi';

const swaggerUiDir = dirname(require.resolve('swagger-ui-dist/package.json'));

/** GET /api/openapi.json and the docs page at /api/docs (public), all served from the app itself. */
export function docsRoutes(appUrl: string): Router {
  const router = Router();
  const document = buildOpenApiDocument(appUrl);
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.use('/docs/assets', express.static(swaggerUiDir, { index: false }));
  router.get('/docs/init.js', (_req, res) => {
    res.type('js').send(DOCS_PAGE_SCRIPT);
  });
  router.get(['/docs', '/docs/'], (_req, res) => {
    res.type('html').send(DOCS_PAGE_HTML);
  });
  return router;
}
