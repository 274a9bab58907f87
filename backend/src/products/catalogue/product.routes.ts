import { Router, type Request } from 'express';
import { ExportMessages, PRODUCT_EXPORT_FORMATS, ProductFields, ProductListFields, ProductMessages, Rules, TrashMessages, ValidationMessages } from '@stockroom/schema';
import type { RequestContext } from '../../account/context';
import { ValidationError } from '../../common/errors';
import { readBody } from '../../rest/body';
import { param, queryParams } from '../../rest/query';
import { addStockRoutes } from '../../stock/stock.routes';
import { inExportSlot, sendExport } from '../import-export/product-export';
import { productExportService } from '../import-export/product-export.service';
import { stockStatusFilter, type ProductListRequest } from '../list-query/product-list-request';
import { productTrashService } from '../trash/product-trash.service';
import { productService } from './product.service';

type ContextOf = (req: Request) => RequestContext;

/** The body fields a client may send on an edit: the product's, and the version it was made against. */
const PRODUCT_CHANGE_FIELDS = { ...ProductFields, version: Rules.version };

/** `inStock=true|false` as the client sends it (even when false); any other text is left for the rule to refuse. */
const stockFilter = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value === '' ? undefined : value);

/** `format=csv|xlsx` in any case; left out, CSV. */
function exportFormat(req: Request) {
  const format = (param(req, 'format', 'Format') ?? 'csv').trim().toLowerCase() || 'csv';
  const known = PRODUCT_EXPORT_FORMATS.find((name) => name === format);
  if (!known) throw new ValidationError({ format: ExportMessages.unknownFormat(PRODUCT_EXPORT_FORMATS) });
  return known;
}

/** `permanent=true|false` (any case); left out, false. */
function permanentFlag(req: Request): boolean {
  const value = (param(req, 'permanent', 'Permanent') ?? '').trim().toLowerCase();
  if (value === 'true') return true;
  if (value === '' || value === 'false') return false;
  throw new ValidationError({ permanent: ValidationMessages.invalidFormat('Permanent') });
}

/** The list parameters of the query string, each labelled as its shared rule is. */
function listRequest(req: Request, overrides: ProductListRequest = {}): ProductListRequest {
  const request: ProductListRequest = queryParams(req, ProductListFields);
  const locationId = param(req, 'locationId', 'Location');
  return { ...request, inStock: stockFilter(request.inStock), stockStatus: stockStatusFilter(request.stockStatus), locationId, ...overrides };
}

/** REST adapter over productService, mounted at /api/products, with the export's and stock's routes under it. Every route needs a signed-in caller. */
export function productRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/products?page&limit&search&category&inStock&sortBy&sortOrder: { products, pagination } */
  router.get('/', async (req, res) => {
    res.json(await productService.list(contextOf(req), listRequest(req)));
  });

  /** POST /api/products: 201 { product } */
  router.post('/', async (req, res) => {
    const input = readBody(req, ProductFields);
    res.status(201).json({ product: await productService.create(contextOf(req), input) });
  });

  /** GET /api/products/stats: { stats } over the whole catalogue */
  router.get('/stats', async (req, res) => {
    res.json({ stats: await productService.stats(contextOf(req)) });
  });

  /** GET /api/products/categories: { categories } */
  router.get('/categories', async (req, res) => {
    res.json({ categories: await productService.categories(contextOf(req)) });
  });

  /** GET /api/products/featured: { products } (newest first, at most 10) */
  router.get('/featured', async (req, res) => {
    res.json({ products: await productService.featured(contextOf(req)) });
  });

  /** GET /api/products/search?q=&page&limit&...: the list, searched by `q` */
  router.get('/search', async (req, res) => {
    const q = param(req, 'q', Rules.search.label) ?? '';
    if (!q.trim()) throw new ValidationError({ q: ValidationMessages.required(Rules.search.label) });
    res.json(await productService.list(contextOf(req), listRequest(req, { search: q })));
  });

  /** GET /api/products/category/{category}?page&limit&...: the list within one category */
  router.get('/category/:category', async (req, res) => {
    // A blank category would otherwise be no filter at all: the whole catalogue under a category's URL.
    if (!req.params.category.trim()) throw new ValidationError({ category: ValidationMessages.required('Category') });
    res.json(await productService.list(contextOf(req), listRequest(req, { category: req.params.category })));
  });

  /**
   * GET /api/products/export?format=csv|xlsx&rows=product|location&search&category&inStock&stockStatus&sortBy&sortOrder:
   * every product of the caller's list with those filters, in its order, as a download streamed from a cursor;
   * `rows=location`: a row per product and location holding some.
   */
  router.get('/export', async (req, res) => {
    const format = exportFormat(req);
    const ctx = contextOf(req);
    await inExportSlot(ctx.config.databasePoolMax, async () => sendExport(res, format, await productExportService.exportRows(ctx, listRequest(req), param(req, 'rows', 'Rows') ?? 'product')));
  });

  /** GET /api/products/{id}: { product } (404 for anyone else's) */
  router.get('/:id', async (req, res) => {
    res.json({ product: await productService.get(contextOf(req), req.params.id) });
  });

  /** PUT /api/products/{id}: any product fields plus `version`; { product } (403 for anyone else's, 409 when stale) */
  router.put('/:id', async (req, res) => {
    const input = readBody(req, PRODUCT_CHANGE_FIELDS);
    res.json({ product: await productService.update(contextOf(req), req.params.id, input) });
  });

  /**
   * DELETE /api/products/{id}: { message, id }, moved to the trash (403 for anyone else's).
   * With `?permanent=true`, deleted for good, from the trash or the catalogue.
   */
  router.delete('/:id', async (req, res) => {
    const ctx = contextOf(req);
    if (permanentFlag(req)) {
      const id = await productTrashService.purge(ctx, req.params.id);
      res.json({ message: TrashMessages.purged, id });
      return;
    }
    const id = await productService.remove(ctx, req.params.id);
    res.json({ message: ProductMessages.deleted, id });
  });

  // A product's stock (/{id}/stock, /{id}/stock/count, /{id}/movements) is stock's to answer, on this router.
  addStockRoutes(router, contextOf);

  return router;
}
