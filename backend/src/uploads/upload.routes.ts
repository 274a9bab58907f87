import { Router, type ErrorRequestHandler, type Request } from 'express';
import { pipeline } from 'node:stream/promises';
import { IMAGE_FORMATS } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { restNotFound } from '../rest/error-middleware';
import { toUserJson } from '../account/user.entity';
import { userService } from '../users/user.service';
import { discardRestOfBody, receiveImage } from '../storage/multipart-image';
import type { UploadStore } from '../storage/upload-store';
import { uploadService } from './upload.service';

type ContextOf = (req: Request) => RequestContext;

/**
 * A refused upload (401 before its body was read, 413 halfway) still has
 * bytes on the way: they are drained, up to a limit, before the error answer
 * goes out through the app's error middleware.
 */
const discardBodyOnError: ErrorRequestHandler = (error, req, _res, next) => {
  discardRestOfBody(req);
  next(error);
};

/** Avatar upload and removal, mounted at /api/users ahead of the account routes. */
export function avatarRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /**
   * POST /api/users/{id}/avatar (the user themself or an admin): multipart
   * field `avatar`, a JPEG, PNG or WebP of at most 5 MB -> { user }. Who may
   * call it, and whether they have uploads left, is settled before a byte of
   * the body is read; the replaced avatar's file is deleted (by setAvatar).
   */
  router.post('/:id/avatar', async (req, res) => {
    const ctx = contextOf(req);
    const user = await uploadService.storeAvatar(ctx, req.params.id, () => receiveImage(req, 'avatar', ctx.uploads.tempPath()));
    res.json({ user: toUserJson(user) });
  });

  /** DELETE /api/users/{id}/avatar (the user themself or an admin): removes the avatar and its file -> { user } */
  router.delete('/:id/avatar', async (req, res) => {
    res.json({ user: toUserJson(await userService.setAvatar(contextOf(req), req.params.id, null)) });
  });

  router.use(discardBodyOnError);
  return router;
}

/** Product image upload, mounted at /api/products ahead of the product routes. */
export function productImageRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /**
   * POST /api/products/images (signed in): multipart field `image`, a JPEG,
   * PNG or WebP of at most 5 MB -> 201 { url }, a path to put in a product's
   * imageUrl. Counts against the caller's upload allowance.
   */
  router.post('/images', async (req, res) => {
    const ctx = contextOf(req);
    const url = await uploadService.store(ctx, () => receiveImage(req, 'image', ctx.uploads.tempPath()));
    res.status(201).json({ url });
  });

  router.use(discardBodyOnError);
  return router;
}

/** Names never change content, so a browser may keep them for a year. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * GET /uploads/{name} (public, like any <img> source): a stored upload, only
 * under a generated name, as the image type it was stored as, wherever the
 * store keeps it. Its own policy forbids it to run anything should a browser
 * open it as a page.
 */
export function uploadFileRoutes(uploads: UploadStore): Router {
  const router = Router();

  router.get('/:name', async (req, res, next) => {
    const { name } = req.params;
    // A Range is honoured only without If-Range: whether that still names this upload would take a read first, and the whole upload is always a right answer.
    const stored = await uploads.read(name, req.get('If-Range') ? undefined : req.get('Range'));
    if (!stored) return restNotFound(req, res, next);
    const type = Object.values(IMAGE_FORMATS).find(({ extension }) => name.endsWith(`.${extension}`))!;
    res.set({
      'Content-Type': type.mimeType,
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
      ETag: stored.etag,
      'Last-Modified': stored.modifiedAt.toUTCString(),
      'Accept-Ranges': 'bytes',
    });
    // req.fresh weighs If-None-Match and If-Modified-Since against the ETag and Last-Modified just set.
    if (req.fresh || req.method === 'HEAD') {
      stored.body.destroy();
      res.status(req.fresh ? 304 : 200).end();
      return;
    }
    const { range } = stored;
    if (range === 'unsatisfiable') {
      stored.body.destroy();
      res.status(416).set('Content-Range', `bytes */${stored.size}`).end();
      return;
    }
    if (range) res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${stored.size}`);
    res.set('Content-Length', String(range ? range.end - range.start + 1 : stored.size));
    await pipeline(stored.body, res).catch(() => res.destroy());
  });

  router.use(restNotFound);
  return router;
}
