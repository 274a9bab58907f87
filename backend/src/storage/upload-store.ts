import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_FORMATS, UPLOAD_PATH_PATTERN, type ImageFormat } from '@stockroom/schema';
import { DomainError } from '../common/errors';
import { Semaphore, SemaphoreFullError } from '../common/semaphore';
import { IMAGE_DECODE_CONCURRENCY, LIBVIPS_THREADS_PER_IMAGE } from '../common/thread-pool';
import { log } from '../common/log';
import { heldBackNote, logOncePerWindow } from '../common/rate-limited-log';
import type { ReceivedImage } from './multipart-image';
import type { ListedObject, StoredObject, UploadObjects } from './upload-objects';
import { ImageDecoderBusyError, ImageTooManyPixelsError, UnsupportedImageError, UploadFailedError, UploadStoreUnavailableError } from './upload.errors';

/** The URL path an upload is served (and stored in the database) under. */
const URL_PREFIX = '/uploads/';

/** A stored upload's file name: a generated UUID and the extension of its real type, nothing of the uploader's. */
export const isUploadName = (name: string) => UPLOAD_PATH_PATTERN.test(URL_PREFIX + name);

/**
 * Larger canvases are refused before a pixel is decoded: a small file can
 * declare a huge one (a 100 kB PNG can claim 30000 x 30000), and sharp's own
 * default lets 268 MP through, about a gigabyte of pixels. 40 MP still takes
 * a full-resolution photo from a phone or camera.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side an image is stored with; a product card or an avatar never shows more, and a smaller file is served faster. */
export const MAX_IMAGE_SIDE = 2048;

// Every input is a fresh temporary file: caching decoded files by name would only hold memory.
sharp.cache(false);
// Threads libvips gives each image, on top of the pool thread its pipeline holds (see common/thread-pool.ts).
sharp.concurrency(LIBVIPS_THREADS_PER_IMAGE);

/**
 * Decodes and re-encodes the image in its own format, at most
 * MAX_IMAGE_SIDE on its longer side (smaller images keep their size): EXIF
 * and GPS metadata are dropped (after applying the orientation they held),
 * and whatever a polyglot file carried beyond its pixels does not survive.
 */
async function reencode(input: string, type: ImageFormat, output: string) {
  // The header alone tells the canvas size; refusing here spares the decode. limitInputPixels below still holds if it lied.
  const { width = 0, height = 0 } = await sharp(input, { limitInputPixels: false }).metadata();
  if (width * height > MAX_INPUT_PIXELS) throw new ImageTooManyPixelsError();
  const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
  const encoded = type === 'jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : type === 'png' ? image.png() : image.webp({ quality: 85 });
  return encoded.toFile(output);
}

/** What kind of failure a store's error is, for its log line: a system or network code (ECONNREFUSED), else the SDK's error name (NoSuchBucket). */
function failureKindOf(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'unknown';
}

/** A decoder's complaint about the file is the client's problem; a system error (disk full) is ours. */
const isSystemError = (error: unknown) => typeof error === 'object' && error !== null && 'syscall' in error;

export interface UploadStore {
  /** The local directory temporary files live in (DATA_DIR/uploads, where the disk store keeps uploads too). */
  readonly dir: string;
  /** Where finished uploads are kept, for log lines. */
  readonly description: string;
  /** A fresh temporary file name in the uploads directory; a dot-name never matches a served name. */
  tempPath(): string;
  /**
   * Stores a received image under a new name and returns its URL path,
   * `/uploads/<uuid>.<ext>`; the temporary file is gone either way. Waits
   * for a decoder slot; ImageDecoderBusyError when the queue for them is full.
   */
  save(image: ReceivedImage): Promise<string>;
  /** Deletes the file behind a URL if it is one of ours (an external image URL is left alone); never throws. */
  remove(url: string | null | undefined): Promise<void>;
  /** The stored upload named `name` (no /uploads/ prefix), or the part of it a `Range` header asks for; undefined when there is none or the name is not one of ours. */
  read(name: string, range?: string): Promise<StoredObject | undefined>;
  /** Every stored upload, for the orphan housekeeping. */
  list(): AsyncIterable<ListedObject>;
  /** Deletes the stored upload named `name`. */
  delete(name: string): Promise<void>;
  /** Resolves when uploads can be stored; otherwise rejects with a one-line reason. */
  check(): Promise<void>;
}

export interface UploadStoreOptions {
  /** Uploads that may wait for a decoder slot; one more is refused with ImageDecoderBusyError (503). */
  decodeBacklog: number;
}

/**
 * Uploads received and re-encoded in local temporary files under `dir`, then
 * kept in `objects` (the same directory, or a bucket several instances share).
 */
export function createUploadStore(dir: string, objects: UploadObjects, { decodeBacklog }: UploadStoreOptions): UploadStore {
  mkdirSync(dir, { recursive: true });
  const tempPath = () => join(dir, `.${randomUUID()}.upload`);
  // A decode holds a thread-pool thread and up to MAX_INPUT_PIXELS pixels in memory: only IMAGE_DECODE_CONCURRENCY run at once.
  const decodes = new Semaphore(IMAGE_DECODE_CONCURRENCY, decodeBacklog);
  /**
   * A store that failed: 503 for the client, and one line in the log (the SDK's error has no stack worth
   * reading) per operation and kind of failure every few seconds: a store that is away fails every request.
   */
  const storeFailure = (operation: 'store' | 'read', name: string, error: unknown) => {
    logOncePerWindow(`uploads ${operation} ${failureKindOf(error)}`, (heldBack) =>
      log.error(`[uploads] could not ${operation} ${name} in ${objects.description}: ${error instanceof Error ? error.message : String(error)}${heldBackNote(heldBack)}`),
    );
    return new UploadStoreUnavailableError();
  };

  return {
    dir,
    description: objects.description,
    tempPath,

    async save(image) {
      const format = IMAGE_FORMATS[image.type];
      const name = `${randomUUID()}.${format.extension}`;
      const encoded = join(dir, `.${name}.part`);
      try {
        await decodes.run(() => reencode(image.path, image.type, encoded));
      } catch (error) {
        await rm(encoded, { force: true });
        if (error instanceof SemaphoreFullError) throw new ImageDecoderBusyError();
        if (error instanceof DomainError) throw error;
        if (isSystemError(error)) {
          log.error({ err: error }, '[uploads] could not re-encode an image');
          throw new UploadFailedError('INTERNAL_SERVER_ERROR');
        }
        throw new UnsupportedImageError();
      } finally {
        await rm(image.path, { force: true });
      }
      try {
        await objects.put(name, encoded, format.mimeType);
        return URL_PREFIX + name;
      } catch (error) {
        throw storeFailure('store', name, error);
      } finally {
        await rm(encoded, { force: true });
      }
    },

    async remove(url) {
      if (!url || !UPLOAD_PATH_PATTERN.test(url)) return;
      try {
        await objects.delete(url.slice(URL_PREFIX.length));
      } catch (error) {
        logOncePerWindow(`uploads delete ${failureKindOf(error)}`, (heldBack) =>
          log.error({ err: error, url }, `[uploads] could not delete an upload${heldBackNote(heldBack)}`),
        );
      }
    },

    async read(name, range) {
      if (!isUploadName(name)) return undefined;
      try {
        return await objects.get(name, range);
      } catch (error) {
        throw storeFailure('read', name, error);
      }
    },
    list: () => objects.list(),
    delete: (name) => objects.delete(name),
    check: () => objects.check(),
  };
}
