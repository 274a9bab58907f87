import { consumeRateLimit } from '../account/rate-limiter';
import { requireViewer } from '../account/viewer';
import type { RequestContext } from '../account/context';
import type { ReceivedImage } from '../storage/multipart-image';

export const uploadService = {
  /**
   * Stores an image the signed-in caller is sending and returns its URL
   * path. Each upload counts against the caller's allowance
   * (UPLOAD_RATE_LIMIT per UPLOAD_RATE_WINDOW_MS, avatars and product images
   * together, whoever they are for); past it a 429 comes before a byte of the
   * image is read. `receive` reads the image from the transport.
   */
  async store(ctx: RequestContext, receive: () => Promise<ReceivedImage>): Promise<string> {
    const { user } = await requireViewer(ctx);
    await consumeRateLimit(ctx.em, `upload:${user.id}`, ctx.config.uploadRateLimit, ctx.config.uploadRateWindowMs);
    return ctx.uploads.save(await receive());
  },
};
