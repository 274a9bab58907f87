import type { Readable } from 'node:stream';

/** A stored upload, ready to stream to a client. */
export interface StoredObject {
  body: Readable;
  size: number;
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
  /** The upload under `name`, or undefined when there is none. */
  get(name: string): Promise<StoredObject | undefined>;
  /** Deletes the upload under `name`; a missing one is no error. */
  delete(name: string): Promise<void>;
  /** Every stored upload. */
  list(): AsyncIterable<ListedObject>;
  /** Resolves when the store can be used; otherwise rejects with an error whose message is one line saying why. */
  check(): Promise<void>;
}
