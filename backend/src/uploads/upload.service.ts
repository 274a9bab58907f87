import { consumeRateLimit } from '../account/rate-limiter';
import { requireViewer } from '../account/viewer';
import type { RequestContext } from '../account/context';
import type { User } from '../account/user.entity';
import type { ReceivedImage } from '../storage/multipart-image';
import { userService } from '../users/user.service';

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

  /**
   * Stores a new avatar for user `userId` (the user themself or an admin) and
   * returns the updated user. Who may call it is settled before a byte of the
   * image is read; a refused update deletes the file it just stored, and the
   * replaced avatar's file is deleted (by setAvatar).
   */
  async storeAvatar(ctx: RequestContext, userId: string, receive: () => Promise<ReceivedImage>): Promise<User> {
    await userService.get(ctx, userId);
    const url = await uploadService.store(ctx, receive);
    return userService.setAvatar(ctx, userId, url).catch(async (error: unknown) => {
      await ctx.uploads.remove(url);
      throw error;
    });
  },
};
