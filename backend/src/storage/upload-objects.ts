import type { Readable } from 'node:stream';
import type { ByteRange } from './byte-range';

/** A stored upload, ready to stream to a client: all of it, or the range asked for. */
export interface StoredObject {
  /** The bytes of `range` when there is one, else the whole upload (empty when the range cannot be served). */
  body: Readable;
  /** The whole upload's size. */
  size: number;
  /** The part `body` holds when a range was asked for and can be served; 'unsatisfiable' when it lies past the end. */
  range?: ByteRange | 'unsatisfiable';
  /** A quoted entity tag, for If-None-Match. */
  etag: string;
  modifiedAt: Date;
}

/** A stored upload's name and when it was written, for the orphan housekeeping. */
export interface ListedObject {
  name: string;
  modifiedAt: number;
}

/**
 * Where finished uploads are kept: a directory on this machine, or an
 * S3-compatible bucket that several instances share. Names are already
 * checked (a generated UUID and an image extension) by the caller.
 */
export interface UploadObjects {
  /** Where they are, for log lines and start-up messages. */
  readonly description: string;
  /** Stores the local file `path` under `name`, streaming it; the local file may be gone afterwards. */
  put(name: string, path: string, contentType: string): Promise<void>;
  /** The upload under `name` (only the part a `Range` header asks for, when given), or undefined when there is none. */
  get(name: string, range?: string): Promise<StoredObject | undefined>;
  /** Deletes the upload under `name`; a missing one is no error. */
  delete(name: string): Promise<void>;
  /** Every stored upload. */
  list(): AsyncIterable<ListedObject>;
  /** Resolves when the store can be used; otherwise rejects with an error whose message is one line saying why. */
  check(): Promise<void>;
}
