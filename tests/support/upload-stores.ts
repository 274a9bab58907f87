import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { TestApp } from './test-app';

/**
 * Where an app under test keeps its uploads: DATA_DIR/uploads, or a bucket of an S3 server (s3rver) the
 * test runs on 127.0.0.1. Either way temporary files are local, in DATA_DIR/uploads.
 */
export interface TestUploadStore {
  readonly kind: 'disk' | 's3';
  /** What startTestApp needs in its environment to use this store. */
  env(): Record<string, string>;
  /** Everything an app's uploads leave behind, sorted: its temporary files and its stored uploads. */
  entries(app: TestApp): string[];
  /** The bytes of a stored upload. */
  bytes(app: TestApp, name: string): Buffer;
  /** Makes a stored upload look `ms` old. */
  age(app: TestApp, name: string, ms: number): void;
  close(): Promise<void>;
}

const uploadsDir = (app: TestApp) => join(app.config.dataDir, 'uploads');
const setAge = (path: string, ms: number) => {
  const then = new Date(Date.now() - ms);
  utimesSync(path, then, then);
};

export const diskStore = (): TestUploadStore => ({
  kind: 'disk',
  env: () => ({}),
  entries: (app) => readdirSync(uploadsDir(app)).sort(),
  bytes: (app, name) => readFileSync(join(uploadsDir(app), name)),
  age: (app, name, ms) => setAge(join(uploadsDir(app), name), ms),
  close: async () => undefined,
});

/** s3rver's only account. */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
const OBJECT_SUFFIX = '._S3rver_object';

/** An S3 server on a random port of 127.0.0.1, its buckets as directories under a temporary one. */
export async function startS3Server() {
  const directory = mkdtempSync(join(tmpdir(), 'stockroom-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let buckets = 0;
  return {
    endpoint,
    /** A new, empty bucket (s3rver's bucket is its directory), so each app's uploads can be told apart. */
    newBucket() {
      buckets += 1;
      const name = `stockroom-${buckets}`;
      mkdirSync(join(directory, name));
      return name;
    },
    env: (bucket: string, overrides: Record<string, string> = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      ...S3RVER_CREDENTIALS,
      ...overrides,
    }),
    objectNames: (bucket: string) =>
      readdirSync(join(directory, bucket))
        .filter((file) => file.endsWith(OBJECT_SUFFIX))
        .map((file) => file.slice(0, -OBJECT_SUFFIX.length)),
    // s3rver keeps an object as `<key>._S3rver_object`, beside its metadata; the file's time is the object's.
    objectFile: (bucket: string, name: string) => join(directory, bucket, name + OBJECT_SUFFIX),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export async function s3Store(): Promise<TestUploadStore> {
  const s3 = await startS3Server();
  const bucketOf = (app: TestApp) => app.config.s3!.bucket;
  return {
    kind: 's3',
    env: () => s3.env(s3.newBucket()),
    entries: (app) => [...readdirSync(uploadsDir(app)), ...s3.objectNames(bucketOf(app))].sort(),
    bytes: (app, name) => readFileSync(s3.objectFile(bucketOf(app), name)),
    age: (app, name, ms) => setAge(s3.objectFile(bucketOf(app), name), ms),
    close: () => s3.close(),
  };
}
