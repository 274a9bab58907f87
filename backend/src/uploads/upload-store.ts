import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_FORMATS, UPLOAD_PATH_PATTERN, type ImageFormat } from '@stockroom/schema';
import type { ReceivedImage } from './multipart-image';
import { UnsupportedImageError, UploadFailedError } from './upload.errors';

/** The URL path an upload is served (and stored in the database) under. */
const URL_PREFIX = '/uploads/';

/** A stored upload's file name: a generated UUID and the extension of its real type, nothing of the uploader's. */
export const isUploadName = (name: string) => UPLOAD_PATH_PATTERN.test(URL_PREFIX + name);

/** Larger images are refused rather than decoded (a small file can declare a huge canvas). 50 MP covers phone cameras. */
const MAX_INPUT_PIXELS = 50_000_000;

// Every input is a fresh temporary file: caching decoded files by name would only hold memory.
sharp.cache(false);

/**
 * Decodes and re-encodes the image in its own format: EXIF and GPS metadata
 * are dropped (after applying the orientation they held), and whatever a
 * polyglot file carried beyond its pixels does not survive.
 */
function reencode(input: string, type: ImageFormat, output: string) {
  const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  const encoded = type === 'jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : type === 'png' ? image.png() : image.webp({ quality: 85 });
  return encoded.toFile(output);
}

/** A decoder's complaint about the file is the client's problem; a system error (disk full) is ours. */
const isSystemError = (error: unknown) => typeof error === 'object' && error !== null && 'syscall' in error;

export interface UploadStore {
  /** The directory uploads live in (DATA_DIR/uploads). */
  readonly dir: string;
  /** A fresh temporary file name in the uploads directory; a dot-name never matches a served name. */
  tempPath(): string;
  /** Stores a received image under a new name and returns its URL path, `/uploads/<uuid>.<ext>`; the temporary file is gone either way. */
  save(image: ReceivedImage): Promise<string>;
  /** Deletes the file behind a URL if it is one of ours (an external image URL is left alone); never throws. */
  remove(url: string | null | undefined): Promise<void>;
}

export function createUploadStore(dir: string): UploadStore {
  mkdirSync(dir, { recursive: true });
  const tempPath = () => join(dir, `.${randomUUID()}.upload`);

  return {
    dir,
    tempPath,

    async save(image) {
      const name = `${randomUUID()}.${IMAGE_FORMATS[image.type].extension}`;
      const encoded = join(dir, `.${name}.part`);
      try {
        await reencode(image.path, image.type, encoded);
        await rename(encoded, join(dir, name));
        return URL_PREFIX + name;
      } catch (error) {
        if (isSystemError(error)) {
          console.error('[uploads]', error);
          throw new UploadFailedError('INTERNAL_SERVER_ERROR');
        }
        throw new UnsupportedImageError();
      } finally {
        await Promise.all([rm(image.path, { force: true }), rm(encoded, { force: true })]);
      }
    },

    async remove(url) {
      if (!url || !UPLOAD_PATH_PATTERN.test(url)) return;
      try {
        await rm(join(dir, url.slice(URL_PREFIX.length)), { force: true });
      } catch (error) {
        console.error('[uploads] could not delete', url, error);
      }
    },
  };
}
