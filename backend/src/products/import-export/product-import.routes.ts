import { Router, type ErrorRequestHandler, type Request } from 'express';
import { ImportMessages } from '@stockroom/schema';
import type { RequestContext } from '../../account/context';
import { discardRestOfBody } from '../../storage/multipart-image';
import { receiveImportUpload } from './product-import-file';
import { productImportService } from './product-import.service';

type ContextOf = (req: Request) => RequestContext;

/** A refused import (401 before its body was read, 413 halfway) still has bytes on the way: they are drained, up to a limit, before the answer. */
const discardBodyOnError: ErrorRequestHandler = (error, req, _res, next) => {
  discardRestOfBody(req);
  next(error);
};

/** The form's text fields, or the same names in the query string (a script may find that easier). */
const optionOf = (req: Request, fields: Record<string, string>, name: string) => fields[name] ?? (typeof req.query[name] === 'string' ? req.query[name] : undefined);

/** REST adapter over productImportService, mounted at /api/products beside the product routes. */
export function productImportRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /**
   * POST /api/products/import (signed in): multipart `file` (CSV or .xlsx, at
   * most 20 MB and 100,000 rows), `mode` create|upsert, `dryRun` true|false,
   * `mapping` JSON { header: field|null } -> { dryRun, mode, rows, created,
   * updated, unchanged, failed, errors, errorsTruncated, columns }. An import
   * (not a dry run) with errors writes nothing and answers 400 with the same
   * body beside the message and code. With every import slot taken, 429 with
   * Retry-After, before the file is read when they already were.
   */
  router.post('/import', async (req, res) => {
    const result = await productImportService.importProducts(contextOf(req), async () => {
      const upload = await receiveImportUpload(req);
      const option = (name: string) => optionOf(req, upload.fields, name);
      return { ...upload, options: { mode: option('mode'), dryRun: option('dryRun'), mapping: option('mapping') } };
    });
    if (!result.dryRun && result.errors.length > 0) {
      res.status(400).json({ message: ImportMessages.nothingImported(Math.max(result.failed, 1)), code: 'BAD_USER_INPUT', ...result });
      return;
    }
    res.json(result);
  });

  router.use(discardBodyOnError);
  return router;
}
