import busboy from 'busboy';
import type { Request } from 'express';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD, type ImageFormat } from '@stockroom/schema';
import { sniffImageType, SNIFF_BYTES } from './image-type';
import { ImageTooLargeError, MissingImageError, NotMultipartError, UnsupportedImageError, UploadFailedError } from './upload.errors';

/** Room for the multipart boundary, part headers and a few small fields around the one file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** No upload request is larger than this; past it the request is refused (and later its connection closed). */
export const UPLOAD_REQUEST_LIMIT = UPLOAD.maxBytes + MULTIPART_OVERHEAD_BYTES;

/** An image the client sent, written whole to a temporary file. */
export interface ReceivedImage {
  path: string;
  type: ImageFormat;
  size: number;
}

/**
 * Passes a file through while deciding its type from the first bytes and
 * counting it: anything that is not a JPEG, PNG or WebP fails after its
 * first 12 bytes, so the rest is never written.
 */
class ImageSniffer extends Transform {
  type?: ImageFormat;
  size = 0;
  private head = Buffer.alloc(0);

  constructor(private readonly field: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > UPLOAD.maxBytes) return done(new ImageTooLargeError());
    if (this.type) return done(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < SNIFF_BYTES) return done();
    this.type = sniffImageType(this.head);
    done(this.type ? null : new UnsupportedImageError(), this.type ? this.head : undefined);
  }

  override _flush(done: TransformCallback) {
    if (this.type) return done();
    done(this.size === 0 ? new MissingImageError(this.field) : new UnsupportedImageError());
  }
}

/** Writes one file part to `path`; on any failure the partial file is gone before this rejects. */
async function writeImage(file: Readable, field: string, path: string, signal: AbortSignal): Promise<ReceivedImage> {
  const sniffer = new ImageSniffer(field);
  const out = createWriteStream(path, { flags: 'wx', mode: 0o640 });
  // busboy ends a file at its size limit and only says so by this event.
  file.once('limit', () => file.destroy(new ImageTooLargeError()));
  try {
    await pipeline(file, sniffer, out, { signal });
    return { path, type: sniffer.type!, size: sniffer.size };
  } catch (error) {
    out.destroy();
    // A write stream destroyed before it opened still creates the file: wait for it to close, then remove it.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
}

const isMultipart = (req: Request) => /^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '');

const discarding = new WeakSet<Request>();
/** How long a hung-up connection may go on sending before it is cut. */
const LINGER_MS = 2_000;

/**
 * Reads and drops whatever the client is still sending after its upload
 * was refused, so it gets to read the error answer and a keep-alive
 * connection stays usable; but never more than one upload's worth. Past
 * that the server hangs up: its side first (closing at once, with bytes
 * unread, would reset the connection and could lose the answer on its way),
 * then, if the client sends on, the whole connection.
 */
export function discardRestOfBody(req: Request): void {
  if (req.complete || req.destroyed || discarding.has(req)) return;
  discarding.add(req);
  let discarded = 0;
  const discard = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded <= UPLOAD_REQUEST_LIMIT) return;
    req.off('data', discard);
    req.on('data', () => undefined);
    const { socket } = req;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  req.on('data', discard);
  req.resume();
}

/**
 * Streams the one file in multipart field `field` to `tempPath`, checking
 * its size as it arrives and its type by its first bytes. Nothing is held in
 * memory beyond a chunk; reading stops at the first problem and the partial
 * file is removed before the promise rejects with the domain error. The
 * caller then answers, and drains the rest with discardRestOfBody.
 */
export async function receiveImage(req: Request, field: string, tempPath: string): Promise<ReceivedImage> {
  if (!isMultipart(req)) throw new NotMultipartError(field);
  if (Number(req.headers['content-length']) > UPLOAD_REQUEST_LIMIT) throw new ImageTooLargeError();
  let parser: busboy.Busboy;
  try {
    // fileSize one over the limit: busboy flags a file that merely reaches its limit as truncated.
    parser = busboy({ headers: req.headers, limits: { fileSize: UPLOAD.maxBytes + 1, files: 5, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 20 } });
  } catch {
    throw new NotMultipartError(field);
  }

  return new Promise<ReceivedImage>((resolve, reject) => {
    const abort = new AbortController();
    let upload: Promise<ReceivedImage> | undefined;
    let received = 0;
    let settled = false;

    const countBytes = (chunk: Buffer) => {
      received += chunk.length;
      if (received > UPLOAD_REQUEST_LIMIT) fail(new ImageTooLargeError());
    };
    const stopReading = () => {
      req.off('data', countBytes);
      req.unpipe(parser);
    };
    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      stopReading();
      // Whatever else is on the way is drained by discardRestOfBody once the answer is going out, not before.
      req.pause();
      abort.abort();
      const cleanedUp = upload ? upload.then((image) => rm(image.path, { force: true }), () => undefined) : Promise.resolve();
      void cleanedUp.finally(() => reject(error));
    }

    parser.on('file', (name, file) => {
      if (name !== field || upload) return void file.resume();
      upload = writeImage(file, field, tempPath, abort.signal);
      upload.catch(fail);
    });
    parser.on('close', () => {
      if (settled) return;
      if (!upload) return fail(new MissingImageError(field));
      upload.then((image) => {
        if (settled) return;
        settled = true;
        stopReading();
        resolve(image);
      }, fail);
    });
    parser.on('error', () => fail(new UploadFailedError('BAD_USER_INPUT')));
    req.on('error', () => fail(new UploadFailedError('BAD_USER_INPUT')));
    req.on('data', countBytes);
    req.pipe(parser);
  });
}
